import { apiPost } from '../../lib/api-client';

// This browser's push subscription as My page sees it (decision 188): the service worker the
// staff share (/sw.js), and whether this traveller turned it on here (the server is not asked).

export const SW_URL = '/sw.js';
export const ON_KEY = 'me-push-on';
/** Where the back office keeps its session (admin/lib/auth-token.ts; not imported: no admin code on the public site). */
const STAFF_TOKEN_KEY = 'token';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration(SW_URL);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Signs out, and, where this traveller turned push on here, takes the phone's subscription with
 * it: the server forgets it for the person, and the browser unsubscribes unless a staff account
 * signed in on it uses the same subscription for its own pushes.
 */
export async function signOutDevice(): Promise<void> {
  const sub = localStorage.getItem(ON_KEY) === '1' ? await currentSubscription().catch(() => null) : null;
  await apiPost<void>('/api/me/sign-out', sub ? { endpoint: sub.endpoint } : {});
  localStorage.removeItem(ON_KEY);
  if (sub && localStorage.getItem(STAFF_TOKEN_KEY) == null) await sub.unsubscribe().catch(() => false);
}
