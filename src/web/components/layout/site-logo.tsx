import { useSiteSettings } from '../../lib/site-settings';
import { LogoMark } from '../ui/brand-icons';

/** The logo the owner uploaded (site settings), or the drawn mark. Decorative: the name is beside it. */
export function SiteLogo({ className }: { className: string }) {
  const { logoUrl } = useSiteSettings();
  if (!logoUrl) return <LogoMark className={className} />;
  return <img src={logoUrl} alt="" className={`${className} object-contain`} decoding="async" />;
}
