import { Bell, BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { apiGet, apiRequest } from '../../lib/api-client';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { useAction, type ActionTexts } from '../lib/use-action';
import { useToast } from './ui/toast';

const SW_URL = '/sw.js';

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** VAPID keys travel as base64url; PushManager wants the raw bytes. */
function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SW_URL);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** SPEC.md §4: enable (permission, /sw.js, subscribe, save), disable (unsubscribe, remove), test. */
export function PushControl() {
  const toast = useToast();
  const run = useAction();
  const supported = pushSupported();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState<'enable' | 'disable' | 'test' | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'default'));

  useEffect(() => {
    if (!supported) return;
    currentSubscription()
      .then((sub) => setEnabled(sub !== null))
      .catch(() => setEnabled(false));
  }, [supported]);

  type Busy = 'enable' | 'disable' | 'test';
  // One of the three at a time; the pressed button shows it is working.
  const act = <T,>(which: Busy, action: () => Promise<T>, texts: ActionTexts<T>) => {
    setBusy(which);
    return run(action, { ...texts, onSettled: () => setBusy(null) });
  };

  const enable = () =>
    act(
      'enable',
      async () => {
        const result = await Notification.requestPermission();
        setPermission(result);
        if (result !== 'granted') {
          toast({ title: 'Permission refusée', variant: 'destructive' });
          return false;
        }
        const reg = await navigator.serviceWorker.register(SW_URL);
        await navigator.serviceWorker.ready;
        const { publicKey } = await apiGet<{ publicKey: string }>('/api/push/public-key');
        const sub =
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
        const json = sub.toJSON();
        await apiRequest('POST', '/api/push/subscribe', {
          endpoint: json.endpoint,
          keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
          userAgent: navigator.userAgent,
        });
        setEnabled(true);
        return true;
      },
      {
        success: (granted) =>
          granted ? { title: 'Notifications activées', description: 'Vous serez averti des nouvelles réservations et des nouveaux messages.' } : undefined,
        failure: "Impossible d'activer les notifications. Réessayez plus tard.",
      },
    );

  const disable = () =>
    act(
      'disable',
      async () => {
        const sub = await currentSubscription();
        if (sub) {
          await apiRequest('POST', '/api/push/unsubscribe', { endpoint: sub.endpoint });
          await sub.unsubscribe();
        }
        setEnabled(false);
      },
      { success: 'Notifications désactivées', failure: 'Impossible de désactiver les notifications. Réessayez plus tard.' },
    );

  const test = () =>
    act('test', () => apiRequest('POST', '/api/push/test'), {
      success: 'Notification de test envoyée',
      failure: "Impossible d'envoyer la notification de test.",
    });

  return (
    <Card className="p-5" data-testid="push-control">
      <div className="flex items-start gap-3">
        <div className="rounded-md bg-red-100 p-2 text-red-800">
          <Bell className="h-5 w-5" aria-hidden />
        </div>
        <div className="flex-1">
          <h2 className="font-semibold text-gray-900">Notifications push</h2>
          {!supported ? (
            <p className="mt-1 text-sm text-gray-700">Les notifications push ne sont pas supportées par votre navigateur.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-gray-700">
                {enabled
                  ? 'Activées sur cet appareil : vous êtes averti des nouvelles réservations et des nouveaux messages.'
                  : 'Recevez une notification sur cet appareil pour chaque nouvelle réservation ou nouveau message.'}
              </p>
              {permission === 'denied' && (
                <p className="mt-2 text-sm text-red-800" role="note">
                  Permission refusée : les notifications sont bloquées pour ce site. Autorisez-les dans les réglages de votre navigateur, puis réessayez.
                </p>
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                {enabled ? (
                  <>
                    <Button variant="outline" size="sm" onClick={() => void disable()} pending={busy === 'disable'} disabled={busy !== null}>
                      {busy !== 'disable' && <BellOff className="h-4 w-4" aria-hidden />}
                      Désactiver les notifications
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => void test()} pending={busy === 'test'} disabled={busy !== null}>
                      {busy !== 'test' && <BellRing className="h-4 w-4" aria-hidden />}
                      Envoyer une notification de test
                    </Button>
                  </>
                ) : (
                  <Button size="sm" onClick={() => void enable()} pending={busy === 'enable'} disabled={busy !== null || permission === 'denied'}>
                    {busy !== 'enable' && <Bell className="h-4 w-4" aria-hidden />}
                    Activer les notifications
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
