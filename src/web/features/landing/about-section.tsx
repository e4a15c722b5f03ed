import { Dumbbell, Flame, Users, Waves } from 'lucide-react';
import { SectionHeading } from '../../components/ui/section-heading';
import { useSiteSettings } from '../../lib/site-settings';

/** The icons of the four points, in order (their texts are the owner's, in the settings). */
const ICONS = [Flame, Users, Dumbbell, Waves];

export function AboutSection() {
  const { about } = useSiteSettings();
  return (
    <section id="about" aria-labelledby="about-title" className="py-section">
      <div className="container-site grid gap-12 lg:grid-cols-[1fr_1.2fr] lg:gap-20">
        <SectionHeading eyebrow={about.eyebrow} title={about.title} id="about-title">
          <p>{about.text}</p>
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2">
          {about.points.map(({ title, text }, i) => {
            const Icon = ICONS[i % ICONS.length];
            return (
              <li key={i} className="group rounded-card border border-ink-700 bg-ink-900 p-6 transition-colors hover:border-blood-500/60">
                <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-blood-600/15 text-blood-400">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="text-lg font-bold">{title}</h3>
                <p className="mt-2 text-ink-300">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
