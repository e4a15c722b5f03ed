// The pages behind a token (a booking's manage link, a pass order's page) and an article, made
// on the demo content of a production server: shared by bench:weight and bench:lighthouse.
import fs from 'node:fs';
import path from 'node:path';

async function api<T>(base: string, url: string, init?: { method: string; body: unknown }): Promise<T> {
  const res = await fetch(base + url, init && { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Today at the gym (the order's first day), from the server's own session list. */
const gymDay = (instant: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(instant));

/** A raw e-mail's text, quoted-printable and base64 parts decoded enough to find a link. */
function mailText(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  return [qp, ...b64].join('\n');
}

/** The manage link is only e-mailed: with no SMTP_URL the outbox writes DATA_DIR/outbox/<id>.eml. */
async function manageTokenFromMail(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml')) : []) {
      const text = mailText(fs.readFileSync(path.join(dir, f), 'utf8'));
      if (!text.includes(email)) continue;
      const token = /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no confirmation e-mail with a manage link for ${email} in ${dir}`);
}

/** One path per public page type (English paths; the other languages add their prefix). */
export async function pageTypes(base: string, dataDir: string): Promise<{ type: string; path: string }[]> {
  const posts = await api<{ slug: string }[]>(base, '/api/blog-posts?published=true');
  if (posts.length === 0) throw new Error('the demo content has no published article');
  const { sessions, timezone } = await api<{ timezone: string; sessions: { course: string; startsAt: string; full: boolean }[] }>(base, '/api/sessions');
  const session = sessions.find((s) => !s.full && Date.parse(s.startsAt) > Date.now() + 3 * 3600_000);
  if (!session) throw new Error('no bookable session in the demo timetable');
  const email = `weight-${Date.now()}@example.com`;
  await api(base, '/api/reservations', {
    method: 'POST',
    body: { name: 'Page Weight', email, phone: null, course: session.course, dateTime: session.startsAt, message: null },
  });
  // A pass paid at the desk needs no payment settings; the answer carries the order page's token.
  const order = await api<{ token: string }>(base, '/api/orders', {
    method: 'POST',
    body: {
      passId: 'week-single.muay-thai',
      startDate: gymDay(new Date().toISOString(), timezone),
      name: 'Page Weight',
      email: `order-${email}`,
      phone: null,
      language: 'en',
      method: 'desk',
    },
  });
  const manage = await manageTokenFromMail(dataDir, email);
  return [
    { type: 'landing', path: '/' },
    { type: 'booking', path: '/booking' },
    { type: 'blog', path: '/blog' },
    { type: 'article', path: `/blog/${posts[0].slug}` },
    { type: 'order', path: `/booking/order/${order.token}` },
    { type: 'manage', path: `/booking/manage/${manage}` },
  ];
}
