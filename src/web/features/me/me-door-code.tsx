import { useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { apiPost } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';

// My page's door code (issue 47 point 5, decision 186): the QR the desk scans, drawn by the
// server (no QR code in the page's JavaScript), its short form to type, and a renewal that
// ends the old code (a lost phone).

export default function MeDoorCode({ code, onRenewed }: { code: string; onRenewed: () => void }) {
  const t = useT();
  // A new image address after a renewal: the browser must not show the old picture.
  const [version, setVersion] = useState(0);
  const renew = useAction((_: void) => apiPost<void>('/api/me/check-in-code/renew', {}), {
    onSuccess: () => {
      setVersion((v) => v + 1);
      onRenewed();
    },
  });
  return (
    <section aria-labelledby="me-door-title" className="mt-8 border-t border-ink-700 pt-6" data-testid="me-door">
      <h3 id="me-door-title" className="font-display-tight text-2xl">
        {t('door.title')}
      </h3>
      <p className="mt-2 text-base text-ink-300">{t('door.text')}</p>
      <div className="mt-4 flex flex-col items-center gap-2">
        <img
          src={`/api/me/check-in.svg?v=${version}`}
          alt={t('door.alt')}
          width={224}
          height={224}
          className="h-56 w-56 rounded-md bg-white p-2"
          data-testid="me-door-qr"
        />
        <p className="font-mono text-lg tracking-wider" data-testid="me-door-code">
          {t('door.short', { code })}
        </p>
      </div>
      <p className="mt-4 text-sm text-ink-300">{t('door.renewHint')}</p>
      <button type="button" disabled={renew.pending} onClick={() => renew.run(undefined)} className={buttonClass('outline', 'sm', 'mt-2')}>
        {t('door.renew')}
      </button>
    </section>
  );
}
