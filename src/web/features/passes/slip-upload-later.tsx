import { useState, type ComponentType } from 'react';
import { buttonClass } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';

type Upload = ComponentType<{ token: string; file?: File }>;

/**
 * The PromptPay slip's upload, its code asked for at the first touch of its button rather than
 * with the page, so an order page awaiting a transfer loads no more scripts before any
 * interaction than another (the page-weight budget). A file picked before the code came is sent
 * once it has.
 */
export function SlipUploadLater({ token }: { token: string }) {
  const t = useT();
  const [Upload, setUpload] = useState<Upload | null>(null);
  const [file, setFile] = useState<File | undefined>();
  const load = () => {
    if (!Upload) void import('./slip-upload').then((m) => setUpload(() => m.SlipUpload));
  };
  if (Upload) return <Upload token={token} file={file} />;
  return (
    <div className="mt-6 border-t border-ink-700 pt-6" data-testid="slip-upload" onPointerDown={load} onFocus={load}>
      <h3 className="font-display-tight text-2xl">{t('slip.title')}</h3>
      <p className="mt-1 text-ink-300">{t('slip.intro')}</p>
      <label className={buttonClass('outline', 'md', 'mt-4 cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-400')}>
        {t('slip.choose')}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            load();
          }}
        />
      </label>
    </div>
  );
}
