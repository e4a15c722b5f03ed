import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { apiGet, apiRequest } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { currentSubscription, ON_KEY, pushSupported as supported, SW_URL } from './me-push-device';

// My page's push switch (issue 47 point 6, decision 188): per device, opt-in. The same service
// worker as the staff's (/sw.js, scope /) receives the push; the server keeps the subscription
// under the traveller's cookie (POST/DELETE /api/me/push-subscriptions). Signing out takes this
// browser's subscription with it (me-push-device.ts).

/** The VAPID key travels as base64url; PushManager wants the raw bytes. */
function keyBytes(value: string): Uint8Array<ArrayBuffer> {
  const raw = atob((value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Turns on: permission, the worker, a subscription, stored for the signed-in traveller. False when refused. */
async function turnOn(): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = await navigator.serviceWorker.register(SW_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = await apiGet<{ publicKey: string }>('/api/push/public-key');
  const sub =
    (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = sub.toJSON();
  await apiRequest('POST', '/api/me/push-subscriptions', {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
    userAgent: navigator.userAgent,
  });
  return true;
}

/**
 * Turns off for this traveller only: the browser's subscription stays (a staff account signed in
 * on the same phone keeps its own pushes); the server forgets it for the traveller.
 */
async function turnOff(): Promise<boolean> {
  const sub = await currentSubscription();
  if (sub) await apiRequest('DELETE', `/api/me/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`);
  return false;
}

export default function MePush() {
  const t = useT();
  const [ready, setReady] = useState(false);
  const [on, setOn] = useState(false);
  const [denied, setDenied] = useState(false);
  const [failed, setFailed] = useState(false);
  const change = useAction((want: boolean) => (want ? turnOn() : turnOff()), {
    onSuccess: (next, want) => {
      setFailed(false);
      setOn(next);
      setDenied(want && !next);
      // Whether this browser is on for the traveller: the server is not asked (its answer would name the endpoint).
      if (next) localStorage.setItem(ON_KEY, '1');
      else localStorage.removeItem(ON_KEY);
    },
    onError: () => setFailed(true),
  });

  useEffect(() => {
    if (!supported()) return setReady(true);
    setDenied(Notification.permission === 'denied');
    currentSubscription()
      .then((sub) => setOn(sub !== null && localStorage.getItem(ON_KEY) === '1'))
      .catch(() => setOn(false))
      .finally(() => setReady(true));
  }, []);

  const canPush = ready && supported();
  return (
    <section data-testid="me-push" className="mt-8 rounded-lg border border-ink-700 p-4">
      <h3 className="text-lg font-bold">{t('me.push.title')}</h3>
      <p className="mt-1 text-sm text-ink-300">{t('me.push.intro')}</p>
      {ready && !supported() && <p className="mt-3 text-sm text-ink-300">{t('me.push.unsupported')}</p>}
      {canPush && on && (
        <p role="status" className="mt-3 text-sm text-bone-50">
          {t('me.push.enabled')}
        </p>
      )}
      {canPush && denied && !on && <p className="mt-3 text-sm text-danger-400">{t('me.push.denied')}</p>}
      {canPush && (
        <button
          type="button"
          data-testid="me-push-toggle"
          aria-pressed={on}
          disabled={change.pending}
          onClick={() => change.run(!on)}
          className={buttonClass(on ? 'outline' : 'primary', 'md', 'mt-4 w-full sm:w-auto')}
        >
          {change.pending ? t('me.push.working') : on ? t('me.push.off') : t('me.push.on')}
        </button>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger-400">
          {t('me.push.failed')}
        </p>
      )}
    </section>
  );
}
