import { Dumbbell, Flame, Users, Waves } from 'lucide-react';
import { SITE } from '../../../shared/site';
import { SectionHeading } from '../../components/ui/section-heading';

const POINTS = [
  {
    Icon: Flame,
    title: 'Real fight-gym training',
    text: 'Thai trainers with hundreds of stadium fights, BJJ and Luta Livre black belts, MMA coaches who corner pros.',
  },
  { Icon: Users, title: 'Every level welcome', text: 'Beginner classes every morning, groups split by experience, nobody thrown in the deep end.' },
  { Icon: Dumbbell, title: 'Open all day', text: 'Ring, cage, mat area and a strength corner, open Monday to Saturday from 8:00 AM to 7:00 PM.' },
  {
    Icon: Waves,
    title: 'Five minutes from the beach',
    text: 'Train in the morning, swim in the afternoon. Drop-in sessions and weekly passes for travellers.',
  },
];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="py-section">
      <div className="container-site grid gap-12 lg:grid-cols-[1fr_1.2fr] lg:gap-20">
        <SectionHeading eyebrow="About the gym" title="Built by fighters, open to everyone" id="about-title">
          <p>
            {SITE.name} is a family-run camp in {SITE.town}. Since day one the idea is simple: the same training our fighters do, coached with patience for
            travellers, beginners and seasoned athletes alike.
          </p>
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2">
          {POINTS.map(({ Icon, title, text }) => (
            <li key={title} className="group rounded-card border border-ink-700 bg-ink-900 p-6 transition-colors hover:border-blood-500/60">
              <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-blood-600/15 text-blood-400">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="text-lg font-bold">{title}</h3>
              <p className="mt-2 text-ink-300">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
