import { socialLinksOf } from '../../../shared/site-settings-data';
import { useSiteSettings } from '../../lib/site-settings';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '../ui/brand-icons';
import { useT } from '../../i18n/i18n';

const ICONS = { instagram: InstagramIcon, facebook: FacebookIcon, tiktok: TikTokIcon };

/** The profiles the owner filled in (site settings); none: nothing. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const site = useSiteSettings();
  const t = useT();
  const links = socialLinksOf(site);
  if (links.length === 0) return null;
  return (
    <ul className={`flex gap-3 ${className}`}>
      {links.map(({ key, href, label }) => {
        const Icon = ICONS[key];
        return (
          <li key={key}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('social.on', { name: site.name, network: label })}
              className="inline-flex size-11 items-center justify-center rounded-full border border-ink-600 text-bone-100 transition-colors hover:border-blood-500 hover:bg-blood-600 hover:text-white"
            >
              <Icon className="size-5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
