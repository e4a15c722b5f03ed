import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { buildApp } from './app';
import { seed } from './seed';
import type { AppContext } from './context';

/** What seed() writes to the console. */
async function seedCapturingStdout(ctx: AppContext): Promise<string> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await seed(ctx);
  } finally {
    spy.mockRestore();
  }
  return out;
}

describe.each(backends)('first-start seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // No ADMIN_PASSWORD in the environment the test app is configured from.
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('prints a random admin password once, and it signs in', async () => {
    expect(t.config.adminPassword).toBeUndefined();
    const out = await seedCapturingStdout(t.app.ctx);
    const email = /Admin account created: (\S+)/.exec(out)?.[1];
    const password = /Password \(shown once\): (\S+)/.exec(out)?.[1];
    expect(email).toBe('admin@example.com');
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'admin@example.com', role: 'admin', isActive: true });

    // A second start on the same database prints nothing and keeps that password.
    const again = await buildApp(t.config, { logger: false, startWorkers: false });
    try {
      expect(await seedCapturingStdout(again.ctx)).toBe('');
    } finally {
      await again.close();
    }
    const users = await t.app.ctx.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: 'admin@example.com' }]);
    const later = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(later.statusCode).toBe(200);
  });
});
