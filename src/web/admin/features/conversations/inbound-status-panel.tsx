import { AlertTriangle, Inbox } from 'lucide-react';
import type { InboundStatusDto } from '../../../../shared/api-types';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useInboundStatus } from './api';
import { HeldMailList } from './held-mail-list';
import { UnverifiedMailList } from './unverified-mail-list';

// The gym mailbox's reading, on the Messages screen: read when, or the last error. In French
// like the rest of the staff's own tools (the conversations themselves are in English).

/** "il y a 2 min", from the server's time of the read. */
export function ago(at: string, now = Date.now()): string {
  const seconds = Math.round((new Date(at).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat('fr', { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

const MB = 1024 * 1024;

/** A warning once the files kept from mail near their quota (at it, new files are listed, not kept). */
export function attachmentsLine(a: InboundStatusDto['attachments'] | undefined): { tone: 'error'; text: string } | null {
  if (!a || a.keptBytes < a.maxBytes * 0.9) return null;
  const used = `${Math.round(a.keptBytes / MB)} Mo sur ${Math.round(a.maxBytes / MB)} Mo`;
  return {
    tone: 'error',
    text: `Pièces jointes : ${used} (INBOUND_ATTACHMENTS_MAX_MB). Au-delà, les nouvelles pièces jointes sont listées sans être conservées.`,
  };
}

function lines(s: InboundStatusDto): { tone: 'ok' | 'error' | 'off'; text: string }[] {
  const quota = attachmentsLine(s.attachments);
  return quota ? [...mailboxLines(s), quota] : mailboxLines(s);
}

function mailboxLines(s: InboundStatusDto): { tone: 'ok' | 'error' | 'off'; text: string }[] {
  if (!s.configured) return [{ tone: 'off', text: 'Lecture des e-mails non configurée (IMAP_URL) : les réponses des clients par e-mail n’arrivent pas ici.' }];
  if (s.mailboxes.length === 0) return [{ tone: 'off', text: 'Boîte de réception : pas encore lue.' }];
  return s.mailboxes.map((m) => {
    const failing = m.lastErrorAt && (!m.lastReadAt || m.lastErrorAt > m.lastReadAt);
    if (failing) return { tone: 'error' as const, text: `Boîte ${m.mailbox} — erreur ${ago(m.lastErrorAt!)} : ${m.lastError ?? 'inconnue'}` };
    return { tone: 'ok' as const, text: m.lastReadAt ? `Boîte ${m.mailbox} : lue ${ago(m.lastReadAt)}` : `Boîte ${m.mailbox} : pas encore lue.` };
  });
}

export function InboundStatusPanel() {
  const { data } = useInboundStatus();
  if (!data) return null;
  return (
    <section
      lang="fr"
      aria-label="Boîte de réception"
      data-testid="inbound-status"
      className="mb-4 grid gap-1 rounded-lg border border-gray-200 bg-white px-4 py-2 text-sm"
    >
      {lines(data).map((l, i) => (
        <p key={i} className={cn('flex items-start gap-2 wrap-anywhere', l.tone === 'error' ? 'text-red-800' : 'text-gray-800')}>
          {l.tone === 'error' ? <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : <Inbox className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
          <span>{l.text}</span>
        </p>
      ))}
      {data.configured && data.mailboxes.some((m) => m.lastReadAt) && (
        <p className="text-xs text-gray-700">
          Dernière lecture réussie :{' '}
          {formatDateTime(
            data.mailboxes
              .map((m) => m.lastReadAt ?? '')
              .sort()
              .at(-1) ?? null,
          )}
        </p>
      )}
      <HeldMailList failures={data.failures ?? []} />
      <UnverifiedMailList held={data.held ?? []} />
    </section>
  );
}
