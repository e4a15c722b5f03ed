import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { tempDir } from './test-app';

// LibreOffice Calc opens the CSV exports as a French office worker's would (decision 175).
// Headless, it shows no Text Import dialog: the import settings are given as the CSV filter's
// options, and the locale (which decides what reads as a number) is set in a fresh profile.

const SOFFICE = process.env.SOFFICE_PATH || '/usr/bin/soffice';
const run = promisify(execFile);

function soffice(): string {
  if (!fs.existsSync(SOFFICE))
    throw new Error(`LibreOffice is not installed (${SOFFICE} is missing): apt-get install -y libreoffice-calc-nogui (the CSV tests open the exports in it).`);
  return fs.realpathSync(SOFFICE);
}

const xmlText = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&(quot|amp|lt|gt|apos);/g, (_, e: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" })[e]!);

/**
 * What the Text Import dialog shows when a user double-clicks a CSV on a fresh install, read from
 * LibreOffice's own configuration (main.xcd, group CSVImport), as CSV filter options. The dialog
 * picks the character set from the file's BOM: UTF-8 (76) is given here.
 */
export function doubleClickImportOptions(): string {
  const registry = path.join(path.dirname(soffice()), '..', 'share', 'registry', 'main.xcd');
  const group = /<group oor:name="CSVImport">([\s\S]*?)<\/group>/.exec(fs.readFileSync(registry, 'utf8'))?.[1];
  const value = (name: string) => {
    const raw = group && new RegExp(`<prop oor:name="${name}"[^>]*>\\s*<value>([^<]*)</value>`).exec(group)?.[1];
    if (!raw) throw new Error(`LibreOffice's ${registry} has no CSVImport/${name}: the Text Import defaults moved`);
    return xmlText(raw);
  };
  const codes = (s: string) => [...s].map((c) => c.charCodeAt(0)).join('/');
  return `${codes(value('Separators'))},${codes(value('TextSeparators'))},76,1`;
}

/** What Excel set to French uses on a double click (the regional list separator), in Calc's terms: semicolon, quote, UTF-8, from row 1. */
export const SEMICOLON_ONLY = '59,34,76,1';

/** A sheet as Calc shows it: its rows of cells, and `raw`, what Calc writes back (tabs; text quoted, numbers not). */
export interface Sheet {
  rows: string[][];
  raw: string;
}

/**
 * Opens each file (name → text) in LibreOffice Calc whose locale is fr-FR, with the CSV import
 * options given, and returns each file's sheet.
 */
export async function openInCalc<Name extends string>(files: Record<Name, string>, importOptions: string): Promise<Record<Name, Sheet>> {
  const bin = soffice();
  const dir = tempDir('calc-');
  try {
    const profile = path.join(dir, 'profile');
    fs.mkdirSync(path.join(profile, 'user'), { recursive: true });
    // The office's locale (Outils > Options > Langues > Paramètre linguistique): French.
    fs.writeFileSync(
      path.join(profile, 'user', 'registrymodifications.xcu'),
      '<?xml version="1.0" encoding="UTF-8"?>\n<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
        '<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>fr-FR</value></prop></item>\n</oor:items>\n',
    );
    const names = Object.keys(files) as Name[];
    const inputs = names.map((name) => {
      const file = path.join(dir, `${name}.csv`);
      fs.writeFileSync(file, files[name], 'utf8');
      return file;
    });
    const out = path.join(dir, 'out');
    // Written back: tab-separated, UTF-8, every text cell quoted (numbers are not).
    const args = ['--headless', '--norestore', `-env:UserInstallation=${pathToFileURL(profile).href}`, `--infilter=CSV:${importOptions}`];
    args.push('--convert-to', 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,true', '--outdir', out, ...inputs);
    const done = await run(bin, args, { timeout: 120_000, env: { ...process.env, HOME: dir } });
    const sheets = {} as Record<Name, Sheet>;
    for (const name of names) {
      const written = path.join(out, `${name}.csv`);
      if (!fs.existsSync(written)) throw new Error(`LibreOffice did not convert ${name}.csv: ${done.stdout} ${done.stderr}`);
      const raw = fs.readFileSync(written, 'utf8');
      sheets[name] = { rows: Papa.parse<string[]>(raw, { delimiter: '\t', skipEmptyLines: true }).data, raw };
    }
    return sheets;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
