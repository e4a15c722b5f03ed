import { SITE } from '../../../shared/site';
import { FacebookIcon, InstagramIcon, TikTokIcon } from '../ui/brand-icons';

const items = [
  { href: SITE.social.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: SITE.social.facebook, label: 'Facebook', Icon: FacebookIcon },
  { href: SITE.social.tiktok, label: 'TikTok', Icon: TikTokIcon },
];

export function SocialLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex gap-3 ${className}`}>
      {items.map(({ href, label, Icon }) => (
        <li key={label}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SITE.name} on ${label} (opens in a new tab)`}
            className="inline-flex size-11 items-center justify-center rounded-full border border-ink-600 text-bone-100 transition-colors hover:border-blood-500 hover:bg-blood-600 hover:text-white"
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
