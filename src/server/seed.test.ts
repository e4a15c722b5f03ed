import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { buildApp } from './app';
import { firstAdminFile, type FirstAdmin } from './auth/first-admin-file';
import { seed } from './seed';
import type { AppContext } from './context';

/** What seed() writes to the console (nothing: main.ts prints the sign-in once it listens). */
async function seedCapturingStdout(ctx: AppContext): Promise<{ out: string; made: FirstAdmin | undefined }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { made: await seed(ctx), out };
  } finally {
    spy.mockRestore();
  }
}

describe.each(backends)('first-start seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // No ADMIN_PASSWORD in the environment the test app is configured from.
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('makes a random admin password, keeps it in a file only its owner reads, and a change of it removes the file', async () => {
    expect(t.config.adminPassword).toBeUndefined();
    const { out, made } = await seedCapturingStdout(t.app.ctx);
    // Printed by main.ts after listen, never here (and never through the logger).
    expect(out).toBe('');
    expect(made?.email).toBe('admin@example.com');
    const password = made?.password ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const file = firstAdminFile(t.config.dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain(`password: ${password}\n`);
    expect(text).toContain('sign-in:  http://gym.test/admin/login\n');

    const email = made?.email;
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'admin@example.com', role: 'admin', isActive: true });
    const token = res.json().token as string;

    // A second start on the same database makes nothing and keeps that password and its file.
    const again = await buildApp(t.config, { logger: false, startWorkers: false });
    try {
      expect(await seedCapturingStdout(again.ctx)).toEqual({ out: '', made: undefined });
    } finally {
      await again.close();
    }
    const users = await t.app.ctx.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'admin@example.com' }]);
    expect(fs.existsSync(file)).toBe(true);

    // Another user's change of password leaves the file; the admin's own removes it.
    const staff = await t.signIn('staff');
    const other = await t.inject({
      method: 'POST',
      url: '/api/auth/password',
      token: staff.token,
      payload: { currentPassword: staff.password, newPassword: 'another long passphrase' },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    const changed = await t.inject({
      method: 'POST',
      url: '/api/auth/password',
      token,
      payload: { currentPassword: password, newPassword: 'the owner chose this one' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with ADMIN_PASSWORD set, keeps no file', async () => {
    const own = await createTestApp(backend, {}, { ADMIN_PASSWORD: 'set by the operator' });
    try {
      const { made } = await seedCapturingStdout(own.app.ctx);
      expect(made).toMatchObject({ email: 'admin@example.com' });
      expect(made?.password).toBeUndefined();
      expect(fs.existsSync(firstAdminFile(own.config.dataDir))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('an admin setting the first admin a new password removes the file too', async () => {
    const other = await createTestApp(backend);
    try {
      const { made } = await seedCapturingStdout(other.app.ctx);
      const file = firstAdminFile(other.config.dataDir);
      expect(fs.existsSync(file)).toBe(true);
      const second = await other.signIn('admin');
      const { version } = await other.app.ctx.db.selectFrom('users').select('version').where('id', '=', made!.userId).executeTakeFirstOrThrow();
      const res = await other.inject({
        method: 'PUT',
        url: `/api/users/${made?.userId}`,
        token: second.token,
        payload: { password: 'reset by a colleague', version },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
