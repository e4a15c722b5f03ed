import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api-client';
import { setResourceData } from '../../lib/resource';
import { useAction } from '../../lib/use-action';
import { useT } from '../../i18n/i18n';
import { SLIP_MAX_BYTES, orderQuery, uploadSlip } from './pass-queries';

/**
 * The PromptPay transfer slip, an image (10 MB at most): checked here for a quick answer, then
 * by the server like every upload. Staff still record the payment: the slip only helps them.
 */
export function SlipUpload({ token, file: first }: { token: string; file?: File }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(false);
  const upload = useAction(
    (file: File) => {
      setProblem(null);
      setSent(false);
      return uploadSlip(token, file, setProgress);
    },
    {
      onSuccess: (order) => {
        setSent(true);
        setResourceData(orderQuery(token), order);
        if (input.current) input.current.value = '';
      },
      onError: (err) => {
        const status = err instanceof ApiError ? err.status : 0;
        setProblem(status === 413 ? t('slip.tooLarge') : status === 415 ? t('slip.notImage') : t('slip.failed'));
      },
    },
  );

  const send = (file: File | undefined) => {
    if (!file || upload.pending) return;
    if (!file.type.startsWith('image/')) return setProblem(t('slip.notImage'));
    if (file.size > SLIP_MAX_BYTES) return setProblem(t('slip.tooLarge'));
    upload.run(file);
  };
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => send(e.target.files?.[0]);
  // A file picked before this code came (slip-upload-later.tsx) is sent once, as it arrives.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => send(first), []);

  return (
    <div className="mt-6 border-t border-ink-700 pt-6" data-testid="slip-upload">
      <h3 className="font-display-tight text-2xl">{t('slip.title')}</h3>
      <p className="mt-1 text-ink-300">{t('slip.intro')}</p>
      <label className={buttonClass('outline', 'md', 'mt-4 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400')}>
        {upload.pending ? t('slip.sending', { percent: progress }) : t('slip.choose')}
        <input ref={input} type="file" accept="image/*" className="sr-only" onChange={onChange} disabled={upload.pending} />
      </label>
      <div aria-live="polite">
        {sent && <p className="mt-3 font-semibold text-success-400">{t('slip.sent')}</p>}
        {problem && (
          <p role="alert" className="mt-3 font-semibold text-danger-400">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
