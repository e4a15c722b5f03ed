import { Pause, Play, Quote, Star } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useT, type Translate } from '../../i18n/i18n';
import { initialsOf } from '../../../shared/site-settings-data';
import { SectionHeading } from '../../components/ui/section-heading';
import { useAutoAdvance, useReducedMotion } from '../../lib/hooks';
import { useSiteSettings } from '../../lib/site-settings';

/** Reviews per view and rotation step (SPEC.md §9). */
const PER_VIEW = 3;
const ROTATE_MS = 5000;
/**
 * Groups of 3, always full: the last one wraps round to the start (10, 1, 2) instead of
 * showing the 10th review alone. The positions (1-based) name each group's dot.
 */
const reviewGroups = (count: number) =>
  Array.from({ length: Math.ceil(count / PER_VIEW) }, (_, g) => Array.from({ length: Math.min(PER_VIEW, count) }, (_, k) => (g * PER_VIEW + k) % count));

/** "Show reviews 1 to 3", or "Show reviews 10, 1 and 2" for the group that wraps. */
function reviewGroupLabel(group: readonly number[], t: Translate): string {
  const n = group.map((i) => i + 1);
  const consecutive = n.every((x, k) => k === 0 || x === n[k - 1] + 1);
  if (consecutive) return n.length === 1 ? t('reviews.showOne', { n: n[0] }) : t('reviews.showRange', { from: n[0], to: n[n.length - 1] });
  return t('reviews.showList', { list: n.slice(0, -1).join(', '), last: n[n.length - 1] });
}

/** An island (islands/registry.ts): rotates on its own once near the viewport. */
export default function TestimonialsSection() {
  // The reviews the owner keeps in the settings (at least 3), in their order.
  const { reviews } = useSiteSettings();
  const t = useT();
  const REVIEW_GROUPS = useMemo(() => reviewGroups(reviews.length), [reviews.length]);
  const GROUPS = REVIEW_GROUPS.map((g) => g.map((i) => reviews[i]));
  const [group, setGroup] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reduced = useReducedMotion();
  // Users who prefer reduced motion get no rotation; they use the dots.
  useAutoAdvance(!reduced && !userPaused && !hovered, ROTATE_MS, () => setGroup((g) => (g + 1) % GROUPS.length));

  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="border-y border-ink-800 bg-ink-900 py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('reviews.eyebrow')} title={t('reviews.title')} id="testimonials-title" center>
          <p className="flex flex-wrap items-center justify-center gap-2">
            <span className="inline-flex" role="img" aria-label={t('reviews.rated')}>
              {Array.from({ length: 5 }, (_, i) => (
                <Star key={i} aria-hidden className="size-5 fill-gold-400 text-gold-400" />
              ))}
            </span>
            {t('reviews.from')}
          </p>
        </SectionHeading>
        <div
          role="region"
          aria-roledescription={t('reviews.carousel')}
          aria-label={t('reviews.eyebrow')}
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={() => setHovered(true)}
          onBlur={() => setHovered(false)}
        >
          <ul className="grid gap-4 md:grid-cols-3" data-testid="reviews" aria-live={userPaused || reduced ? 'polite' : 'off'}>
            {(GROUPS[group] ?? GROUPS[0]).map((r, k) => (
              <li
                key={`${k}-${r.name}`}
                className="flex flex-col rounded-card border border-ink-700 bg-ink-950 p-6 motion-safe:animate-[fade-in_0.5s_ease-out]"
              >
                <Quote aria-hidden className="size-8 text-blood-500" />
                <blockquote className="mt-3 flex-1 text-lg text-bone-100">“{r.quote}”</blockquote>
                <div className="mt-6 flex items-center gap-3">
                  <span aria-hidden className="inline-flex size-11 items-center justify-center rounded-full bg-blood-600 font-bold text-white">
                    {initialsOf(r.name)}
                  </span>
                  <span>
                    <span className="block font-bold" data-testid="review-name">
                      {r.name}
                    </span>
                    <span className="block text-sm text-ink-300">{r.location}</span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex items-center justify-center gap-2">
            {GROUPS.map((_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => setGroup(i)}
                aria-label={reviewGroupLabel(REVIEW_GROUPS[i], t)}
                aria-current={i === group ? 'true' : undefined}
                className="inline-flex size-8 items-center justify-center"
              >
                <span className={`block h-2.5 rounded-full transition-all ${i === group ? 'w-7 bg-blood-500' : 'w-2.5 bg-ink-600'}`} />
              </button>
            ))}
            {!reduced && (
              <button
                type="button"
                onClick={() => setUserPaused((p) => !p)}
                aria-label={userPaused ? t('reviews.play') : t('reviews.pause')}
                className="ml-2 inline-flex size-10 items-center justify-center rounded-full border border-ink-600 hover:bg-ink-800"
              >
                {userPaused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
