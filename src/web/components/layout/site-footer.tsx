import { Clock, Mail, MapPin } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { NAV_SECTIONS } from '../../../shared/site';
import { fullAddressOf, mailtoUrlOf, openingHoursLines, whatsappUrlOf } from '../../../shared/site-settings-data';
import { useSiteSettings } from '../../lib/site-settings';
import { useSectionNav } from '../../lib/use-section-nav';
import { WhatsAppIcon } from '../ui/brand-icons';
import { Island } from '../../islands/island';
import { lazyWhenVisible } from '../../lib/lazy-visible';
import { SiteLogo } from './site-logo';
import { SocialLinks } from './social-links';
import { useLocalePath, useT } from '../../i18n/i18n';
import { LanguageSwitcher } from '../../i18n/language-switcher';

// On a page hydrated whole, the form's code loads when the footer nears the viewport.
const NewsletterFormWhenNear = lazyWhenVisible('newsletter-slot', () => import('../../features/newsletter/newsletter-form'));
const NewsletterInApp = () => <NewsletterFormWhenNear fallback={<div className="min-h-36" />} />;

export function SiteFooter() {
  const site = useSiteSettings();
  const goToSection = useSectionNav();
  const t = useT();
  const lp = useLocalePath();
  const onSection = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    goToSection(id);
  };
  return (
    <footer className="border-t border-ink-800 bg-ink-900 pb-24 md:pb-0">
      <div className="container-site grid gap-12 py-16 md:grid-cols-2 xl:grid-cols-[1fr_0.6fr_1.1fr_1.8fr]">
        <div>
          <div className="flex items-center gap-2.5">
            <SiteLogo className="size-10" />
            <span className="font-display-tight text-2xl">{site.name}</span>
          </div>
          <p className="mt-4 max-w-xs text-ink-300">{site.tagline}.</p>
          <SocialLinks className="mt-6" />
          <LanguageSwitcher variant="footer" />
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-display-tight text-xl">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-4 grid gap-1">
            {NAV_SECTIONS.map((s) => (
              <li key={s.id}>
                {s.id === 'blog' ? (
                  <Link to={lp('/blog')} className="inline-block py-1 text-ink-300 hover:text-blood-400">
                    {t(`nav.${s.id}`)}
                  </Link>
                ) : (
                  <a
                    href={`${lp('/')}#${s.id}`}
                    onClick={onSection(s.id)}
                    // Read by islands/boot.ts, where the footer is server HTML that never hydrates.
                    data-section={s.id}
                    className="inline-block py-1 text-ink-300 hover:text-blood-400"
                  >
                    {t(`nav.${s.id}`)}
                  </a>
                )}
              </li>
            ))}
            <li>
              <Link to={lp('/booking')} className="inline-block py-1 text-ink-300 hover:text-blood-400">
                {t('footer.bookClass')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-display-tight text-xl">{t('footer.contact')}</h2>
          <ul className="mt-4 grid gap-3 text-sm text-ink-300">
            <li className="flex gap-3">
              <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-blood-400" />
              <span>{fullAddressOf(site)}</span>
            </li>
            <li className="flex gap-3">
              <WhatsAppIcon className="mt-0.5 size-5 shrink-0 text-blood-400" />
              <a href={whatsappUrlOf(site)} target="_blank" rel="noopener noreferrer" className="hover:text-blood-400">
                <span className="sr-only">WhatsApp: </span>
                {site.whatsapp}
              </a>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-blood-400" />
              <a href={mailtoUrlOf(site)} className="[overflow-wrap:anywhere] hover:text-blood-400">
                {site.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-blood-400" />
              <span>
                {openingHoursLines(site).map((h) => (
                  <span key={h.days} className="block">
                    {h.days}:{' '}
                    <span className="whitespace-nowrap" data-testid="footer-hours">
                      {h.hours}
                    </span>
                  </span>
                ))}
              </span>
            </li>
          </ul>
        </div>
        {/* The sign-up row needs room for a whole address beside its button: the full width of
            the two-column footer, and the widest column of the four-column one. */}
        <div className="md:col-span-2 md:max-w-xl xl:col-span-1 xl:max-w-none">
          {/* An island hydrated on first use (zod only when the visitor sends): see islands/boot.ts. */}
          <Island name="newsletter-form" component={NewsletterInApp} props={{}} when="interaction" />
        </div>
      </div>
      <div className="border-t border-ink-800">
        <p className="container-site py-6 text-sm text-ink-400">{t('footer.rights', { year: new Date().getFullYear(), name: site.name })}</p>
      </div>
    </footer>
  );
}
