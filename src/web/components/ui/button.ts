// Button looks as class names, so links (<Link>, <a>) and <button>s share them.
type Variant = 'primary' | 'outline' | 'ghost';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-blood-600 text-white hover:bg-blood-700 active:bg-blood-700 shadow-glow',
  outline: 'border-2 border-bone-50/80 text-bone-50 hover:bg-bone-50 hover:text-ink-950',
  ghost: 'text-bone-50 hover:bg-ink-800',
};
const sizes: Record<Size, string> = {
  sm: 'min-h-10 px-4 text-sm',
  md: 'min-h-12 px-6 text-base',
  lg: 'min-h-14 px-6 text-base sm:px-8 sm:text-lg',
};

export const buttonClass = (variant: Variant = 'primary', size: Size = 'md', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-pill font-bold uppercase tracking-wide transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${extra}`;
