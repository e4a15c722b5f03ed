import { ArrowRight, Clock, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { CLASSES } from '../../../shared/site';
import { buttonClass } from '../../components/ui/button';
import { SectionHeading } from '../../components/ui/section-heading';

export function ClassesSection() {
  return (
    <section id="classes" aria-labelledby="classes-title" className="border-y border-ink-800 bg-ink-900 py-section">
      <div className="container-site">
        <SectionHeading eyebrow="Classes" title="Daily schedule" id="classes-title">
          <p>Eight sessions a day across five disciplines. Every class lasts 60 minutes: come to one or stay all day.</p>
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CLASSES.map((c) => (
            <li key={`${c.name}-${c.schedule}`} className="flex flex-col rounded-card border border-ink-700 bg-ink-950 p-6">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <span className="inline-flex items-center gap-1.5 text-sm font-bold whitespace-nowrap text-gold-400">
                  <Clock aria-hidden className="size-4" />
                  {c.schedule}
                </span>
                <span
                  className={`rounded-pill px-2.5 py-0.5 text-xs font-bold whitespace-nowrap uppercase ${c.level === 'Beginner' ? 'bg-gold-400 text-ink-950' : 'bg-ink-700 text-bone-100'}`}
                >
                  {c.level}
                </span>
              </div>
              <h3 className="font-display-tight text-2xl">{c.name}</h3>
              <p className="mt-2 flex-1 text-ink-300">{c.description}</p>
              <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-ink-300">
                <Timer aria-hidden className="size-4" />
                {c.duration}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Link to="/booking" className={buttonClass('primary', 'lg', 'text-center')}>
            View Full Schedule &amp; Book Classes
            <ArrowRight aria-hidden className="size-5 shrink-0" />
          </Link>
        </div>
      </div>
    </section>
  );
}
