import { Menu, X } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { NAV_SECTIONS } from '../../../shared/site';
import { useSiteSettings } from '../../lib/site-settings';
import { useSectionNav } from '../../lib/section-nav';
import { SiteLogo } from './site-logo';
import { buttonClass } from '../ui/button';
import { useLocalePath, useT } from '../../i18n/i18n';
import { LanguageSwitcher } from '../../i18n/language-switcher';

// An island (islands/registry.ts): no router here, links are page loads.
const MENU_ID = 'mobile-menu';

export default function SiteHeader() {
  const site = useSiteSettings();
  // "Tiger Coast" then " Fight Club" in red when the short name begins the full name.
  const shortName = site.shortName;
  const rest = site.name.startsWith(shortName) ? site.name.slice(shortName.length) : '';
  const [open, setOpen] = useState(false);
  const goToSection = useSectionNav();
  const t = useT();
  const lp = useLocalePath();

  // The mobile menu closes on Escape.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const onSection = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    // The open mobile menu pushes the page down: close it first, scroll once it is gone.
    if (open) {
      setOpen(false);
      requestAnimationFrame(() => goToSection(id));
    } else goToSection(id);
  };

  const links = NAV_SECTIONS.map((s) =>
    s.id === 'blog' ? (
      <li key={s.id}>
        <a href={lp('/blog')} onClick={() => setOpen(false)} className="block rounded-md px-3 py-2 font-semibold text-bone-100 hover:text-blood-400">
          {t(`nav.${s.id}`)}
        </a>
      </li>
    ) : (
      <li key={s.id}>
        <a href={`${lp('/')}#${s.id}`} onClick={onSection(s.id)} className="block rounded-md px-3 py-2 font-semibold text-bone-100 hover:text-blood-400">
          {t(`nav.${s.id}`)}
        </a>
      </li>
    ),
  );

  return (
    <header className="sticky top-0 z-50 border-b border-ink-800 bg-ink-950/90 backdrop-blur supports-[backdrop-filter]:bg-ink-950/75">
      <div className="container-site flex h-16 items-center justify-between gap-4">
        <a href={`${lp('/')}#home`} onClick={onSection('home')} className="flex min-w-0 items-center gap-2.5">
          <SiteLogo className="size-9 shrink-0" />
          <span className="font-display-tight text-lg leading-none tracking-wide whitespace-nowrap max-[419px]:sr-only sm:text-2xl">
            {shortName}
            {rest && <span className="hidden text-blood-400 sm:inline">{rest}</span>}
          </span>
        </a>
        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1 text-sm">{links}</ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher variant="header" />
          <a href={lp('/booking')} onClick={() => setOpen(false)} className={buttonClass('primary', 'sm', 'whitespace-nowrap')}>
            {t('header.bookNow')}
          </a>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-bone-50 hover:bg-ink-800 lg:hidden"
            aria-expanded={open}
            aria-controls={MENU_ID}
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          </button>
        </div>
      </div>
      <nav id={MENU_ID} aria-label={t('nav.mobile')} hidden={!open} className="border-t border-ink-800 bg-ink-950 lg:hidden">
        <ul className="container-site grid gap-1 py-4 text-lg">
          {links}
          <li className="pt-2">
            <a href={lp('/booking')} onClick={() => setOpen(false)} className={buttonClass('primary', 'md', 'w-full')}>
              {t('header.bookNow')}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
