import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';

describe.each(backends)('user management on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin');
  });
  afterAll(() => t?.close());

  const put = (id: number, payload: unknown) => t.inject({ method: 'PUT', url: `/api/users/${id}`, payload: payload as object, token: admin.token });
  const me = (token: string) => t.inject({ method: 'GET', url: '/api/auth/me', token });

  it('refuses a bad e-mail, an unknown role and an edit with nothing in it', async () => {
    const s = await t.signIn('staff');
    for (const [payload, error] of [
      [{ email: 'not-an-email' }, 'Adresse e-mail invalide'],
      [{ role: 'boss' }, 'Rôle invalide'],
      [{ password: 'short' }, 'Le mot de passe doit contenir au moins 8 caractères'],
      [{}, 'Aucune modification fournie'],
    ] as const) {
      const res = await put(s.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const noBody = await t.inject({ method: 'PUT', url: `/api/users/${s.id}`, token: admin.token });
    expect(noBody.statusCode).toBe(400);
    // Nothing was changed by the refused edits.
    expect((await me(s.token)).json()).toMatchObject({ email: s.email, role: 'staff', isActive: true });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await put(999999, { name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Utilisateur introuvable');
  });

  it('answers 409 when the e-mail belongs to someone else, whatever its case', async () => {
    const a = await t.signIn('staff');
    const b = await t.signIn('staff');
    for (const email of [a.email, a.email.toUpperCase()]) {
      const res = await put(b.id, { email });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().error).toBe('Un utilisateur avec cet e-mail existe déjà');
    }
    expect((await me(b.token)).json().email).toBe(b.email);
  });

  it('changes another user’s role', async () => {
    const s = await t.signIn('staff');
    const res = await put(s.id, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, role: 'admin' });
    // A change of role ends the user's sessions; the next sign-in carries admin rights.
    expect((await me(s.token)).statusCode).toBe(401);
    const signIn = async () =>
      (await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } })).json<{ token: string }>().token;
    const promoted = await signIn();
    expect((await me(promoted)).json()).toMatchObject({ role: 'admin', admin: true });
    expect((await t.inject({ method: 'GET', url: '/api/users', token: promoted })).json()[0]).toHaveProperty('email');
    const back = await put(s.id, { role: 'staff' });
    expect(back.json().role).toBe('staff');
    expect((await me(promoted)).statusCode).toBe(401);
    expect((await me(await signIn())).json()).toMatchObject({ role: 'staff', admin: false });
  });

  it('a password change signs the user out everywhere and only the new password works', async () => {
    const s = await t.signIn('staff');
    const second = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
    expect(second.statusCode).toBe(200);
    const res = await put(s.id, { password: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon/i);
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await me(second.json().token)).statusCode).toBe(401);
    const login = (password: string) => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password } });
    expect((await login(s.password)).statusCode).toBe(401);
    expect((await login('a brand new password')).statusCode).toBe(200);
    // Other users' sessions are untouched.
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('refuses to register a bad e-mail or a too-short password', async () => {
    const register = (payload: object) => t.inject({ method: 'POST', url: '/api/auth/register', payload, token: admin.token });
    const badEmail = await register({ email: 'coach-at-example.com', name: 'Coach', password: 'longenough1' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toBe('Adresse e-mail invalide');
    const short = await register({ email: 'short@example.com', name: 'Coach', password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Le mot de passe doit contenir au moins 8 caractères');
    const rows = await t.app.ctx.db.selectFrom('users').select('id').where('email', 'in', ['coach-at-example.com', 'short@example.com']).execute();
    expect(rows).toEqual([]);
  });

  it('gives a staff token the ids and names only', async () => {
    const s = await t.signIn('staff');
    const res = await t.inject({ method: 'GET', url: '/api/users', token: s.token });
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list.length).toBeGreaterThan(1);
    for (const u of list) expect(Object.keys(u).sort()).toEqual(['id', 'name']);
    expect(list.map((u) => u.id)).toContain(admin.id);
  });
});
