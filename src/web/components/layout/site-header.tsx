import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { NAV_SECTIONS } from '../../../shared/site';
import { useSiteSettings } from '../../lib/site-settings';
import { useSectionNav } from '../../lib/use-section-nav';
import { SiteLogo } from './site-logo';
import { buttonClass } from '../ui/button';
import { useLocalePath, useT } from '../../i18n/i18n';
import { LanguageSwitcher } from '../../i18n/language-switcher';

// An island (islands/registry.ts) woken by first use: no router here, links are page loads.
// Before it wakes, its links are the page's own (data-section links scroll as the footer's do,
// islands/boot.ts) and the menu is the browser's popover.
const MENU_ID = 'mobile-menu';

export default function SiteHeader() {
  const site = useSiteSettings();
  // "Tiger Coast" then " Fight Club" in red when the short name begins the full name.
  const shortName = site.shortName;
  const rest = site.name.startsWith(shortName) ? site.name.slice(shortName.length) : '';
  // The menu is the browser's own popover: it opens and closes before (or without) the
  // JavaScript. Once hydrated, the island follows its state for the button's label and
  // closes it when a section link scrolls; a browser without popovers gets the same from state.
  const menuRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [live, setLive] = useState(false);
  const [native, setNative] = useState(true);
  const goToSection = useSectionNav();
  const t = useT();
  const lp = useLocalePath();

  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    setLive(true);
    if (typeof menu.showPopover !== 'function') {
      setNative(false);
      return;
    }
    const follow = () => {
      const isOpen = menu.matches(':popover-open');
      // Below the header wherever it sits (a language suggestion may stand above it).
      if (isOpen) menu.style.top = `${menu.parentElement?.getBoundingClientRect().bottom ?? 64}px`;
      setOpen(isOpen);
    };
    follow(); // opened by a tap before the code arrived
    menu.addEventListener('toggle', follow);
    return () => menu.removeEventListener('toggle', follow);
  }, []);

  const close = useCallback(() => {
    const menu = menuRef.current;
    if (native && menu?.matches(':popover-open')) menu.hidePopover();
    setOpen(false);
  }, [native]);

  // The popover closes on Escape by itself; the fallback menu does here.
  useEffect(() => {
    if (!open || native) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, native, close]);

  const onSection = (id: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (open) {
      close();
      requestAnimationFrame(() => goToSection(id));
    } else goToSection(id);
  };

  const links = NAV_SECTIONS.map((s) =>
    s.id === 'blog' ? (
      <li key={s.id}>
        <a href={lp('/blog')} onClick={close} className="block rounded-md px-3 py-2 font-semibold text-bone-100 hover:text-blood-400">
          {t(`nav.${s.id}`)}
        </a>
      </li>
    ) : (
      <li key={s.id}>
        <a
          href={`${lp('/')}#${s.id}`}
          onClick={onSection(s.id)}
          data-section={s.id}
          className="block rounded-md px-3 py-2 font-semibold text-bone-100 hover:text-blood-400"
        >
          {t(`nav.${s.id}`)}
        </a>
      </li>
    ),
  );

  return (
    <header className="group/header sticky top-0 z-50 border-b border-ink-800 bg-ink-950/90 backdrop-blur supports-[backdrop-filter]:bg-ink-950/75">
      <div className="container-site flex h-16 items-center justify-between gap-4">
        <a href={`${lp('/')}#home`} onClick={onSection('home')} data-section="home" className="flex min-w-0 items-center gap-2.5">
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
          <a href={lp('/booking')} onClick={close} className={buttonClass('primary', 'sm', 'whitespace-nowrap')}>
            {t('header.bookNow')}
          </a>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-bone-50 hover:bg-ink-800 lg:hidden"
            popoverTarget={native ? MENU_ID : undefined}
            aria-expanded={live ? open : undefined}
            aria-controls={MENU_ID}
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
            onClick={native ? undefined : () => setOpen((v) => !v)}
          >
            {/* The icons follow the popover through CSS, so they are right before the code too. */}
            <Menu aria-hidden className="size-6 group-has-[#mobile-menu:popover-open]/header:hidden group-has-[#mobile-menu[data-open]]/header:hidden" />
            <X aria-hidden className="hidden size-6 group-has-[#mobile-menu:popover-open]/header:block group-has-[#mobile-menu[data-open]]/header:block" />
          </button>
        </div>
      </div>
      <nav
        ref={menuRef}
        id={MENU_ID}
        aria-label={t('nav.mobile')}
        popover={native ? 'auto' : undefined}
        data-open={!native && open ? '' : undefined}
        className="fixed inset-x-0 top-16 m-0 hidden max-h-[calc(100dvh-4rem)] w-auto max-w-none overflow-y-auto border-0 border-t border-ink-800 bg-ink-950 p-0 text-bone-100 open:block data-open:block lg:open:hidden"
      >
        <ul className="container-site grid gap-1 py-4 text-lg">
          {links}
          <li className="pt-2">
            <a href={lp('/booking')} onClick={close} className={buttonClass('primary', 'md', 'w-full')}>
              {t('header.bookNow')}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
