import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { backup } from '../../src/server/ops/backup';
import { restore } from '../../src/server/ops/restore';
import { parseOpsArgs } from '../../src/server/ops/run-ops';
import { galleryUpload } from '../helpers/factories';
import { PG_URL, backends, createTestApp, tempDir, type Backend, type TestApp } from '../helpers/test-app';

// Issue 33, point 7: a backup is its owner's only (folder 0700, files 0600, a folder others can
// read refused), and with BACKUP_RECIPIENT it is one age-encrypted archive that only the identity
// restores. Each backend runs one side as a person runs it (npx tsx scripts/…).

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run('npx', ['tsx', `scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every folder and file under `dir` (itself included) with its permission bits. */
function modes(dir: string): { path: string; dir: boolean; mode: number }[] {
  const out = [{ path: '.', dir: true, mode: fs.statSync(dir).mode & 0o777 }];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out.push({ path: path.relative(dir, full), dir: entry.isDirectory(), mode: fs.statSync(full).mode & 0o777 });
  }
  return out;
}

/** An empty database of its own for a PostgreSQL restore (pg_restore recreates the schema). */
async function emptyPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gym_private_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: PG_URL });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

function scriptEnv(c: Config): Record<string, string> {
  return {
    DATA_DIR: c.dataDir,
    ...(c.databaseUrl ? { DATABASE_URL: `${c.databaseUrl}?options=-csearch_path%3D${c.databaseSchema}` } : {}),
    ...(c.backupRecipient ? { BACKUP_RECIPIENT: c.backupRecipient } : {}),
  };
}

describe('the backup and restore commands read their arguments', () => {
  it('takes one folder, and for a restore an identity file', () => {
    expect(parseOpsArgs('backup', ['--', 'b'])).toEqual({ dir: path.resolve('b') });
    expect(parseOpsArgs('restore', ['b', '--identity', 'key.txt'])).toEqual({ dir: path.resolve('b'), identityFile: path.resolve('key.txt') });
    expect(parseOpsArgs('restore', ['-i', 'key.txt', 'b'])).toEqual({ dir: path.resolve('b'), identityFile: path.resolve('key.txt') });
    expect(parseOpsArgs('restore', ['--identity=key.txt', 'b'])?.identityFile).toBe(path.resolve('key.txt'));
    expect(parseOpsArgs('restore', ['b', '--identity'])).toBeNull();
    expect(parseOpsArgs('backup', ['b', '--identity', 'key.txt'])).toBeNull();
    expect(parseOpsArgs('restore', ['a', 'b'])).toBeNull();
  });
});

describe.each(backends)('a backup is private, on %s', (backend: Backend) => {
  let source: TestApp;
  let work: string;
  let adminEmail: string;
  let identity: string;
  let recipient: string;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await createTestApp(backend);
    work = tempDir('gym-private-');
    const admin = await source.signIn('admin', { email: `owner-${randomBytes(4).toString('hex')}@example.com` });
    adminEmail = admin.email;
    const up = await source.inject({ method: 'POST', url: '/api/gallery', token: admin.token, ...(await galleryUpload({ title: 'Private copy' })) });
    expect(up.statusCode, up.body).toBe(201);
    identity = await generateIdentity();
    recipient = await identityToRecipient(identity);
  });
  afterAll(async () => {
    for (const c of cleanups) await c();
    await source?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('writes its folder 0700 and every file 0600, and refuses a folder that others can read', async () => {
    const dir = path.join(work, 'plain', 'nested');
    await backup(source.config, dir);
    const all = modes(dir);
    expect(all.filter((e) => !e.dir).length).toBeGreaterThan(2); // the database, images, the manifest
    for (const e of all) expect([e.path, e.mode.toString(8)]).toEqual([e.path, e.dir ? '700' : '600']);
    expect(fs.statSync(path.join(work, 'plain')).mode & 0o777).toBe(0o700);

    for (const mode of [0o755, 0o750, 0o701]) {
      const open = path.join(work, `open-${mode.toString(8)}`);
      fs.mkdirSync(open);
      fs.chmodSync(open, mode);
      await expect(backup(source.config, open)).rejects.toThrow(/can be read by other users \(mode 7\d\d\)/);
      expect(fs.readdirSync(open)).toEqual([]);
    }
  });

  it('with BACKUP_RECIPIENT writes one encrypted archive that only the identity restores', async () => {
    const dir = path.join(work, 'sealed');
    const sourceConfig: Config = { ...source.config, backupRecipient: recipient };
    if (backend === 'postgres') {
      const r = await script('backup', [dir], scriptEnv(sourceConfig));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/backup\.tar\.age .*encrypted to BACKUP_RECIPIENT/);
    } else {
      await backup(sourceConfig, dir);
    }
    expect(modes(dir)).toEqual([
      { path: '.', dir: true, mode: 0o700 },
      { path: 'backup.tar.age', dir: false, mode: 0o600 },
    ]);
    const sealed = fs.readFileSync(path.join(dir, 'backup.tar.age'));
    expect(sealed.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    for (const clear of [adminEmail, 'manifest.json', 'SQLite format 3', 'PGDMP', 'uploads/gallery']) expect(sealed.includes(clear), clear).toBe(false);

    // The restore's target: an empty database and store.
    let target: Config = { ...source.config, dataDir: tempDir() };
    cleanups.push(async () => fs.rmSync(target.dataDir, { recursive: true, force: true }));
    if (backend === 'postgres') {
      const db = await emptyPgDatabase();
      cleanups.push(db.drop);
      target = { ...target, databaseUrl: db.url };
    }
    const keyFile = path.join(work, 'key.txt');
    fs.writeFileSync(keyFile, `# created: today\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const otherKey = path.join(work, 'other.txt');
    fs.writeFileSync(otherKey, `${await generateIdentity()}\n`, { mode: 0o600 });
    await expect(restore(target, dir)).rejects.toThrow(/is encrypted: give its identity file/);
    await expect(restore(target, dir, { identityFile: otherKey })).rejects.toThrow(/cannot be decrypted with this identity/);
    const damaged = path.join(work, 'damaged.tar.age');
    const bytes = Buffer.from(sealed);
    bytes[bytes.length - 100] ^= 1;
    fs.writeFileSync(damaged, bytes);
    await expect(restore(target, damaged, { identityFile: keyFile })).rejects.toThrow(/is damaged or was not made for this identity/);

    if (backend === 'sqlite') {
      const r = await script('restore', [dir, '--identity', keyFile], scriptEnv(target));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Restore complete/);
    } else {
      await restore(target, dir, { identityFile: keyFile });
    }
    const restored = await buildApp(target, { logger: false, startWorkers: false });
    try {
      await restored.ready();
      const login = await restored.inject({ method: 'POST', url: '/api/auth/login', payload: { email: adminEmail, password: 'correct horse battery' } });
      expect(login.statusCode, login.body).toBe(200);
      const gallery = (await restored.inject({ method: 'GET', url: '/api/gallery' })).body;
      expect(gallery).toBe((await source.inject({ method: 'GET', url: '/api/gallery' })).body);
      const image = (JSON.parse(gallery) as { imageUrl: string }[])[0].imageUrl;
      expect((await restored.inject({ method: 'GET', url: image })).rawPayload.equals((await source.inject({ method: 'GET', url: image })).rawPayload)).toBe(
        true,
      );
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('refuses a recipient that is not an age public key before writing anything', async () => {
    const dir = path.join(work, 'bad-key');
    await expect(backup({ ...source.config, backupRecipient: 'age1notakey' }, dir)).rejects.toThrow(/BACKUP_RECIPIENT is not an age public key/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
