import { ArrowRight, Star } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { GALLERY_VARIANT_WIDTHS } from '../../../shared/constants';
import { STATS } from '../../../shared/site';
import { uploadSrcSet } from '../../../shared/site-settings-data';
import { buttonClass } from '../../components/ui/button';
import { scrollToSection } from '../../lib/section-nav';
import { useSiteSettings } from '../../lib/site-settings';
import { useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

const DISCIPLINES = ['Muay Thai', 'Brazilian Jiu Jitsu', 'MMA', 'Wrestling', 'Luta Livre'];

/** The title with the owner's highlighted word (if it appears in it) in red. */
function HeroTitle({ title, highlight }: { title: string; highlight: string }) {
  const at = highlight ? title.indexOf(highlight) : -1;
  if (at < 0) return <>{title}</>;
  return (
    <>
      {title.slice(0, at)}
      <span className="text-blood-400">{highlight}</span>
      {title.slice(at + highlight.length)}
    </>
  );
}

export function HeroSection() {
  const { hero, heroImageUrl } = useSiteSettings();
  const t = useT();
  const lp = useLocalePath();
  const toClasses = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    scrollToSection('classes');
  };
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate overflow-hidden border-b border-ink-800">
      {/* Pure CSS backdrop unless the owner uploaded a hero image (then dimmed behind it). */}
      {heroImageUrl && (
        <img
          src={heroImageUrl}
          srcSet={uploadSrcSet(heroImageUrl, GALLERY_VARIANT_WIDTHS)}
          sizes="100vw"
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-20 size-full object-cover opacity-35"
          data-testid="hero-image"
        />
      )}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_85%_20%,rgb(212_45_26/0.45),transparent_70%),radial-gradient(50%_60%_at_0%_100%,rgb(245_185_58/0.12),transparent_70%)]"
      />
      <div aria-hidden className="absolute inset-0 -z-10 opacity-[0.07] [background-image:repeating-linear-gradient(115deg,#fff_0_2px,transparent_2px_26px)]" />
      <div
        aria-hidden
        className="pointer-events-none absolute -right-6 bottom-4 -z-10 hidden font-display-tight text-[18vw] leading-none text-transparent select-none [-webkit-text-stroke:1px_rgb(247_244_238/0.09)] lg:block"
      >
        Fight
      </div>

      <div className="container-site grid gap-12 pt-14 pb-16 md:pt-24 md:pb-24 lg:grid-cols-[1.35fr_1fr] lg:items-end">
        <div>
          <p className="mb-5 inline-flex items-center gap-2 rounded-pill border border-blood-500/50 bg-blood-600/15 px-4 py-1.5 text-sm font-semibold text-bone-100">
            <span className="size-2 rounded-full bg-blood-500" aria-hidden />
            {hero.badge}
          </p>
          <h1 id="hero-title" className="font-display-tight text-display-fit" style={wordFit(hero.title, hero.subtitle)}>
            <HeroTitle title={hero.title} highlight={hero.highlight} />
            {hero.subtitle && <span className="block text-bone-100">{hero.subtitle}</span>}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-300 md:text-xl">{hero.text}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={lp('/booking')} className={buttonClass('primary', 'lg')}>
              {t('hero.book')}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
            <a href={`${lp('/')}#classes`} onClick={toClasses} data-section="classes" className={buttonClass('outline', 'lg')}>
              {t('hero.seeClasses')}
            </a>
          </div>
        </div>

        {/* Each card is a size container: the figure scales with the card's own width (cqi), so
            "2000+" fits from a 320 px phone to the narrow hero column at 1280 px and wider. */}
        <dl className="grid grid-cols-3 gap-2 sm:gap-4" data-testid="hero-stats">
          {STATS.map((s) => (
            <div
              key={s.label}
              className="@container flex min-w-0 flex-col-reverse justify-end rounded-card border border-ink-700 bg-ink-900/90 px-2 py-4 text-center sm:px-4 sm:py-5"
            >
              <dt className="mt-1 text-[0.7rem] font-semibold tracking-wider text-ink-300 uppercase sm:text-xs">{t(s.key)}</dt>
              <dd className="inline-flex items-center justify-center gap-[0.1em] font-display-tight text-[clamp(1.125rem,28cqi,3rem)] leading-tight whitespace-nowrap text-bone-50">
                {s.value}
                {s.label === 'Rating' && <Star aria-hidden className="size-[0.6em] shrink-0 fill-gold-400 text-gold-400" />}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="border-t border-ink-800 bg-ink-900/60">
        <ul className="container-site flex flex-wrap justify-center gap-x-6 gap-y-2 py-4 text-sm font-bold tracking-[0.15em] text-ink-300 uppercase md:justify-between">
          {DISCIPLINES.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
