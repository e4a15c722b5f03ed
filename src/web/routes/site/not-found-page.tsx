import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

export default function NotFoundPage() {
  const pageTitle = usePageTitle();
  const t = useT();
  const lp = useLocalePath();
  useDocumentTitle(pageTitle(t('notFound.title')));
  return (
    <div className="container-site flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      {/* One "404": the big figure is the first word of the heading SPEC asks for. */}
      <h1 className="font-display-tight text-display-sm-fit" style={wordFit(t('notFound.heading'))}>
        <span className="block text-[clamp(6rem,20vw,12rem)] leading-none text-blood-600">404</span> <span className="block">{t('notFound.heading')}</span>
      </h1>
      <p className="mt-4 max-w-md text-lg text-ink-300">{t('notFound.text')}</p>
      <Link to={lp('/')} className={buttonClass('primary', 'md', 'mt-8')}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
