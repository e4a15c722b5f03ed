import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { hashToken } from './tokens';

describe.each(backends)('auth and users on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.signIn('admin', { name: 'Alice Admin' });
  });
  afterAll(() => t?.close());

  it('logs in and returns the session user without the password hash', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email.toUpperCase(), password: admin.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ id: admin.id, email: admin.email, name: 'Alice Admin', role: 'admin', isActive: true, admin: true, staff: true });
    expect(JSON.stringify(body)).not.toMatch(/password|argon/i);
    expect(body.user.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const a = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1' } });
    const b = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: 'wrong-password' } });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().error).toBe('E-mail ou mot de passe incorrect');
  });

  it('requires both fields to log in', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("L'e-mail est requis");
  });

  it('answers /api/auth/me with the user, 401 with no or a bad token', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: admin.token })).json().email).toBe(admin.email);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const bad = await t.inject({ method: 'GET', url: '/api/auth/me', token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
  });

  it('stores only a hash of the token', async () => {
    const rows = await t.app.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.token_hash).not.toBe(admin.token);
    }
  });

  it('hands out 256-bit random tokens and keeps only their SHA-256 digests', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push((await t.signIn('staff')).token);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const row = await t.app.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
      expect(row).toBeDefined();
      // No column of the session row holds the token itself.
      expect(JSON.stringify(row)).not.toContain(token);
    }
    // Bits that vary across tokens: 256 independent random bits leave none fixed.
    const bits = (tok: string) => [...Buffer.from(tok, 'base64url')].flatMap((b) => Array.from({ length: 8 }, (_, k) => (b >> k) & 1));
    const first = bits(tokens[0]);
    const varying = first.filter((_, i) => tokens.some((tok) => bits(tok)[i] !== first[i])).length;
    expect(varying).toBeGreaterThanOrEqual(250);
  });

  it('logout revokes the token', async () => {
    const s = await t.signIn('staff');
    expect((await t.inject({ method: 'POST', url: '/api/auth/logout', token: s.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(401);
  });

  const expire = (token: string) =>
    t.app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
  const sessionRow = (token: string) => t.app.ctx.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();

  it('refuses a session past its expiry', async () => {
    const s = await t.signIn('staff');
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(200);
    await expire(s.token);
    const res = await t.inject({ method: 'GET', url: '/api/auth/me', token: s.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'unauthorized' });
  });

  it('deletes expired sessions when someone signs in, and keeps live ones', async () => {
    const old = await t.signIn('staff');
    const live = await t.signIn('staff');
    await expire(old.token);
    expect(await sessionRow(old.token)).toBeDefined();
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: admin.password } });
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(old.token)).toBeUndefined();
    expect(await sessionRow(live.token)).toBeDefined();
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: live.token })).statusCode).toBe(200);
  });

  it('creates users as admin with the required fields, and refuses staff', async () => {
    const staff = await t.signIn('staff');
    const payload = { email: 'New.Coach@Example.com', name: 'New Coach', password: 'longenough1', role: 'staff', isActive: true };
    expect((await t.inject({ method: 'POST', url: '/api/auth/register', payload, token: staff.token })).statusCode).toBe(403);
    const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload, token: admin.token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.coach@example.com', name: 'New Coach', role: 'staff', isActive: true });
    const dup = await t.inject({ method: 'POST', url: '/api/auth/register', payload, token: admin.token });
    expect(dup.statusCode).toBe(409);
    const missing = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { email: '', name: '', password: '' }, token: admin.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Tous les champs sont requis');
    const defaults = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'd@example.com', name: 'D', password: 'longenough1' },
      token: admin.token,
    });
    expect(defaults.json()).toMatchObject({ role: 'staff', isActive: true });
  });

  it('lists id and name publicly, full records for admins', async () => {
    // The public list names the authors of published posts only: publish one.
    const cat = (await t.inject({ method: 'POST', url: '/api/blog-categories', payload: { name: 'Authors', slug: 'authors-list' }, token: admin.token })).json<{
      id: number;
    }>();
    const post = await t.inject({
      method: 'POST',
      url: '/api/blog-posts',
      token: admin.token,
      payload: {
        title: 'Open mat',
        slug: 'open-mat-authors',
        content: 'Body',
        excerpt: 'Short',
        featuredImage: '',
        metaTitle: '',
        metaDescription: '',
        categoryId: cat.id,
        published: true,
      },
    });
    expect(post.statusCode, post.body).toBe(201);
    const pub = (await t.inject({ method: 'GET', url: '/api/users' })).json<{ id: number; name: string }[]>();
    expect(pub.map((u) => u.id)).toContain(admin.id);
    for (const u of pub) expect(Object.keys(u).sort()).toEqual(['id', 'name']);
    const full = (await t.inject({ method: 'GET', url: '/api/users', token: admin.token })).json();
    expect(full[0]).toHaveProperty('email');
    expect(JSON.stringify(full)).not.toMatch(/password/i);
  });

  it('forbids changing, deactivating or deleting one’s own account', async () => {
    const url = `/api/users/${admin.id}`;
    const deact = await t.inject({ method: 'PUT', url, payload: { isActive: false }, token: admin.token });
    expect(deact.statusCode).toBe(403);
    expect(deact.json().error).toBe('Vous ne pouvez pas désactiver votre propre compte');
    const role = await t.inject({ method: 'PUT', url, payload: { name: 'A', email: admin.email, role: 'staff', isActive: true }, token: admin.token });
    expect(role.json().error).toBe('Vous ne pouvez pas modifier votre propre rôle');
    const del = await t.inject({ method: 'DELETE', url, token: admin.token });
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toBe('Vous ne pouvez pas supprimer votre propre compte');
    const rename = await t.inject({ method: 'PUT', url, payload: { name: 'Alice A.', email: admin.email, role: 'admin', isActive: true }, token: admin.token });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name).toBe('Alice A.');
  });

  it('revokes sessions on deactivation and deletion, and an inactive user cannot log in', async () => {
    const s = await t.signIn('staff');
    const off = await t.inject({ method: 'PUT', url: `/api/users/${s.id}`, payload: { isActive: false }, token: admin.token });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: s.token })).statusCode).toBe(401);
    const again = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
    expect(again.statusCode).toBe(401);

    const s2 = await t.signIn('staff');
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${s2.id}`, token: admin.token })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/api/auth/me', token: s2.token })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${s2.id}`, token: admin.token })).statusCode).toBe(404);
  });

  it('limits failed logins per address and account, yet lets a correct login from elsewhere in', async () => {
    const victim = await t.signIn('staff');
    const attempt = (ip: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await attempt('10.0.0.1', 'bad-guess-' + i)).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.1', victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Trop de tentatives/);
    // Another address that guesses wrong is refused as well; the right password still works.
    expect((await attempt('10.0.0.2', 'another-bad')).statusCode).toBe(429);
    expect((await attempt('10.0.0.3', victim.password)).statusCode).toBe(200);
  });

  it('limits failures per address across different accounts, and only that address', async () => {
    const target = await t.signIn('staff');
    const attempt = (ip: string, email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
    // Nine failures, each on another e-mail: no account reaches its own limit, the address is still let in.
    for (let i = 0; i < 9; i++) expect((await attempt('10.2.0.1', `spray${i}@example.com`, 'guess-' + i)).statusCode).toBe(401);
    expect((await attempt('10.2.0.1', target.email, target.password)).statusCode).toBe(200);
    // The tenth failure blocks the address, even with the right password of an account it never tried.
    expect((await attempt('10.2.0.1', 'spray9@example.com', 'guess-9')).statusCode).toBe(401);
    const blocked = await attempt('10.2.0.1', target.email, target.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('Trop de tentatives de connexion. Réessayez dans quelques minutes.');
    expect((await attempt('10.2.0.2', target.email, target.password)).statusCode).toBe(200);
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    // Ratios of medians measured in the same run, never a wall time.
    // Four accounts, 8 wrong passwords each: under the per-account limit of 10 failures.
    const known = [await t.signIn('staff'), await t.signIn('staff'), await t.signIn('staff'), await t.signIn('staff')];
    const timeOf = async (email: string, ip: string) => {
      const start = process.hrtime.bigint();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'not-the-password' }, remoteAddress: ip });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      return { ms, status: res.statusCode, body: res.body };
    };
    const a: number[] = [];
    const b: number[] = [];
    let ip = 0;
    for (let round = 0; round < 8; round++) {
      for (let k = 0; k < known.length; k++) {
        const wrong = await timeOf(known[k].email, `10.1.0.${ip++}`);
        const unknown = await timeOf(`ghost${k}@example.com`, `10.1.0.${ip++}`);
        expect(wrong.status).toBe(401);
        expect(unknown.status).toBe(401);
        expect(unknown.body).toBe(wrong.body);
        a.push(wrong.ms);
        b.push(unknown.ms);
      }
    }
    const median = (x: number[]) => [...x].sort((p, q) => p - q)[Math.floor(x.length / 2)];
    const ratio = median(b) / median(a);
    // Skipping the hash for an unknown e-mail would make the ratio ~0.01; the wide band only
    // absorbs the noise of a shared 2-core machine.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('hashes passwords with argon2id', async () => {
    const row = await t.app.ctx.db.selectFrom('users').select('password_hash').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
