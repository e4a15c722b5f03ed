import fs from 'node:fs';

/**
 * `npm run serve` as a command to spawn: its environment and node flags from package.json,
 * without npm in between (the benchmark reads the server's own RSS; tests signal it directly).
 */
export function serveCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.serve.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [k, ...v] = words.shift()!.split('=');
    env[k] = v.join('=');
  }
  if (words.shift() !== 'node') throw new Error('package.json "serve" must run node');
  return { env, args: words };
}
