// The circles of imports in src/ (issue 49): every static import and re-export counts, type-only
// ones included (a type-only circle shows two files that are one concept, or a type that belongs
// in a third file). ESLint's import-x/no-cycle skips type-only imports, so this walks the files
// itself with TypeScript's parser. A dynamic import() is a lazy edge (an island's code
// loaded when it wakes), not a dependency of the module: it is not counted. Prints each circle; exits 1 when there is one.
// Part of `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(process.argv[2] ?? 'src');
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return EXTENSIONS.includes(path.extname(e.name)) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, ...EXTENSIONS.map((x) => base + x), ...EXTENSIONS.map((x) => path.join(base, `index${x}`))]) {
    if (EXTENSIONS.includes(path.extname(candidate)) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files a file imports statically (import, import type, export … from); dynamic import() is a lazy edge, not counted. */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const specs = source.statements.flatMap((st) => {
      if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier))
        return [st.moduleSpecifier.text];
      if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference) && ts.isStringLiteral(st.moduleReference.expression))
        return [st.moduleReference.expression.text];
      return [];
    });
    const targets = specs.map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const graph = importGraph(sourceFiles(ROOT));
  const found = circles(graph);
  for (const c of found) console.log(`circle of ${c.length} files:\n  ${c.map((f) => path.relative(process.cwd(), f)).join('\n  ')}`);
  console.log(
    found.length ? `${found.length} circle(s) of imports in ${path.relative(process.cwd(), ROOT)}/ (type-only imports count)` : 'no circle of imports',
  );
  process.exitCode = found.length ? 1 : 0;
}
