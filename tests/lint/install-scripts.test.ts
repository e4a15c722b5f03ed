import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No dependency runs code of its own at install (issue 46, point 5): a font package's
// postinstall once read the project's git remote and dependency list and posted them to its
// vendor. npm 11 runs a package's install script only when package.json's "allowScripts" says
// true; these checks fail when the lockfile gains a package with an install script that
// "allowScripts" does not refuse, or that it allows without a line below saying why.
// See docs/decisions/179-the-first-sign-in-is-printed-after-listen-and-kept-in-a-0600-file.md.

/**
 * Packages allowed to run their install script, each with its reason. None needs it: the native
 * ones ship their binaries (better-sqlite3 in its own prebuilds/, sharp and @node-rs/argon2 as
 * per-platform packages), and esbuild's postinstall only swaps its JavaScript launcher for the
 * binary of @esbuild/<platform>, which the launcher runs as well.
 */
const RUN_AT_INSTALL: Record<string, string> = {};

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;

const lock = readJson<{ packages: Record<string, { hasInstallScript?: boolean; link?: boolean }> }>('package-lock.json');
const pkg = readJson<{ allowScripts?: Record<string, boolean> }>('package.json');
/** The package's name from its lockfile path: node_modules/a/node_modules/@b/c → @b/c. */
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
const withScripts = Object.entries(lock.packages)
  .filter(([where, p]) => where !== '' && p.hasInstallScript)
  .map(([where]) => nameOf(where));

describe('install scripts', () => {
  it('are refused for every locked package that has one, unless listed with a reason', () => {
    const allowScripts = pkg.allowScripts ?? {};
    // Each one named in allowScripts, so npm neither asks nor decides alone.
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
    expect(withScripts.filter((name) => allowScripts[name] !== false && !RUN_AT_INSTALL[name])).toEqual([]);
    // The allow-list holds only packages that are there and allowed.
    expect(Object.keys(RUN_AT_INSTALL).filter((name) => !withScripts.includes(name) || allowScripts[name] !== true)).toEqual([]);
  });

  it('are declared in the lockfile as the installed packages have them', () => {
    // An installed manifest with an install script the lockfile does not flag would slip past the check above.
    const unflagged = Object.entries(lock.packages).filter(([where, p]) => {
      const manifest = path.join(root, where, 'package.json');
      if (where === '' || p.link || p.hasInstallScript || !fs.existsSync(manifest)) return false;
      const scripts = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
      return ['preinstall', 'install', 'postinstall'].some((s) => scripts[s]);
    });
    expect(unflagged.map(([where]) => where)).toEqual([]);
  });
});
