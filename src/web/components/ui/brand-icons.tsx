// Brand marks drawn as simple outline icons (lucide dropped brand icons); decorative only:
// every use sits next to a text label or inside a control with an accessible name.
type IconProps = { className?: string };

const base = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const InstagramIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
  </svg>
);

export const FacebookIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
  </svg>
);

export const TikTokIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.5 2.8 2.3 4.5 5 4.8" />
  </svg>
);

export const WhatsAppIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M4 20l1.3-3.9A8 8 0 1 1 8 19z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2z" />
  </svg>
);

export const LogoMark = ({ className }: IconProps) => (
  <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden focusable={false} className={className}>
    <rect width="32" height="32" rx="7" fill="var(--color-blood-600)" />
    <path d="M8 7l5 18M14 6l5 20M20 7l4 15" stroke="var(--color-ink-950)" strokeWidth="3" strokeLinecap="round" />
  </svg>
);

export const XIcon = ({ className }: IconProps) => (
  <svg {...base} className={className}>
    <path d="M4 4l16 16M20 4L4 20" />
  </svg>
);
