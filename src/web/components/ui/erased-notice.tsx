import { ShieldOff } from 'lucide-react';
import { buttonClass } from './button';
import { useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

/** The page behind a link whose person's data was erased (decision 184): said plainly, no 404. */
export function ErasedNotice() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <div className="py-12 text-center" data-testid="link-erased">
      <ShieldOff aria-hidden className="mx-auto size-12 text-ink-300" />
      <h1 className="mt-4 font-display-tight text-display-sm-fit" style={wordFit(t('link.erasedTitle'))}>
        {t('link.erasedTitle')}
      </h1>
      <p className="mt-4 text-lg text-ink-300">{t('link.erased')}</p>
      <a href={lp('/booking')} className={buttonClass('primary', 'md', 'mt-8')}>
        {t('manage.bookClass')}
      </a>
    </div>
  );
}
