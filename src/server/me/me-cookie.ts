// The traveller's session cookie (issue 47): HttpOnly (no script reads it), SameSite=Lax (no
// other site's form or fetch carries it on a POST), Secure when the request came over HTTPS
// (a plain-HTTP deployment could not send it back otherwise). Path / so /me and /api/me see it.

export const ME_COOKIE = 'me_session';

/** The Set-Cookie value that holds the session (maxAge: seconds) or, with null, ends it. */
export function meCookie(token: string | null, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${ME_COOKIE}=${token ?? ''}`, 'Path=/', `Max-Age=${token ? maxAgeSeconds : 0}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session's token from a Cookie header, if any. */
export function meCookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === ME_COOKIE) return pair.slice(eq + 1).trim() || null;
  }
  return null;
}
