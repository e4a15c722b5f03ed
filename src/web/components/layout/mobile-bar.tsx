import { Mail } from 'lucide-react';
import { mailtoUrlOf, whatsappUrlOf } from '../../../shared/site-settings-data';
import { useSiteSettings } from '../../lib/site-settings';
import { InstagramIcon, WhatsAppIcon } from '../ui/brand-icons';
import { useT } from '../../i18n/i18n';

// Phones only (below 768 px): the three ways travellers reach the gym, always in thumb reach.
export function MobileBar() {
  const site = useSiteSettings();
  const t = useT();
  // The focus ring is drawn inside: the bar touches the screen's edges.
  const item = 'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold focus-visible:outline-offset-[-3px]';
  return (
    <nav
      aria-label={t('mobileBar.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-700 bg-ink-950/95 backdrop-blur md:hidden"
      data-testid="mobile-bar"
    >
      <ul className="flex pb-[env(safe-area-inset-bottom)]">
        <li className="flex flex-1">
          <a href={whatsappUrlOf(site)} target="_blank" rel="noopener noreferrer" className={`${item} bg-[#0e7a3f] text-white`}>
            <WhatsAppIcon className="size-5" />
            WhatsApp
          </a>
        </li>
        {/* Only when the owner has an Instagram profile in the settings. */}
        {site.social.instagram && (
          <li className="flex flex-1">
            <a href={site.social.instagram} target="_blank" rel="noopener noreferrer" className={`${item} text-bone-50`}>
              <InstagramIcon className="size-5" />
              Instagram
            </a>
          </li>
        )}
        <li className="flex flex-1">
          <a href={mailtoUrlOf(site)} className={`${item} text-bone-50`}>
            <Mail aria-hidden className="size-5" />
            {t('mobileBar.email')}
          </a>
        </li>
      </ul>
    </nav>
  );
}
