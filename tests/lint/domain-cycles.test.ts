import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 32, point 14: the money path reads one way (catalogue → orders → ledger → payments), and
// no domain folder of the money path reaches back into one that reaches it at run time. ESLint's
// no-cycle holds files; this holds folders: no cycle passes through orders, payments,
// reservations, privacy or the other money domains. Type-only imports are erased and do not count.

const SERVER = path.resolve(import.meta.dirname, '../../src/server');

/** Runtime imports of one file: the module specifiers that are not erased. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of source.statements) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (ts.isImportDeclaration(node)) {
        const clause = node.importClause;
        if (clause?.isTypeOnly) continue;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        if (clause && !clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly)) continue;
      } else if (node.isTypeOnly) continue;
      out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Domain folder → the domain folders its files import at run time (with one file that does, for the message). */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SERVER)) {
    const from = path.relative(SERVER, file).split(path.sep);
    if (from.length < 2) continue; // main.ts, app.ts, context.ts…: the entry and its wiring
    for (const spec of runtimeImports(file)) {
      if (!spec.startsWith('.')) continue;
      const to = path.relative(SERVER, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (to[0] === '..' || to.length < 2 || to[0] === from[0]) continue;
      const edges = graph.get(from[0]) ?? new Map<string, string>();
      if (!edges.has(to[0])) edges.set(to[0], path.relative(SERVER, file));
      graph.set(from[0], edges);
    }
  }
  return graph;
}

/** The money path and the domains around it: none of them may lie on a runtime cycle. */
const MONEY_DOMAINS = ['catalogue', 'orders', 'ledger', 'payments', 'credits', 'reservations', 'privacy', 'customers', 'desk'];

/** A cycle through `start` (start → … → start), as a readable path, or null. */
function cycleThrough(graph: Map<string, Map<string, string>>, start: string): string | null {
  const seen = new Set<string>();
  const walk = (node: string, trail: string[]): string | null => {
    for (const [next, via] of graph.get(node) ?? []) {
      if (next === start) return [...trail, next].join(' → ') + ` (e.g. ${via})`;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

/** Any cycle through the folders, as a readable path, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const [next, via] of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next].join(' → ') + ` (e.g. ${via})`;
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('domain folders of src/server', () => {
  it('no runtime import cycle passes through the money path (orders, payments, reservations, privacy, ledger, …)', () => {
    const g = folderGraph();
    expect(MONEY_DOMAINS.map((d) => cycleThrough(g, d)).filter(Boolean)).toEqual([]);
  });

  it('the money path reads one way: orders and payments never reach back, and reservations spend credits without orders', () => {
    const g = folderGraph();
    const reaches = (from: string, to: string) => g.get(from)?.has(to) ?? false;
    expect(reaches('orders', 'ledger') && reaches('payments', 'ledger') && reaches('orders', 'catalogue')).toBe(true);
    expect([
      reaches('ledger', 'orders'),
      reaches('ledger', 'payments'),
      reaches('payments', 'orders'),
      reaches('reservations', 'orders'),
      reaches('orders', 'reservations'),
    ]).toEqual([false, false, false, false, false]);
  });

  it('a folder cycle is found when there is one (the check can fail)', () => {
    const g = new Map([
      ['orders', new Map([['ledger', 'orders/x.ts']])],
      ['ledger', new Map([['orders', 'ledger/y.ts']])],
    ]);
    expect(findCycle(g)).toContain('orders → ledger → orders');
    expect(cycleThrough(g, 'ledger')).toContain('ledger → orders → ledger');
  });
});
