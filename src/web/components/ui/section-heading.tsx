import type { ReactNode } from 'react';
import { wordFit } from '../../lib/word-fit';

/** The eyebrow + big condensed title used by every section. */
export function SectionHeading({
  eyebrow,
  title,
  id,
  children,
  center = false,
}: {
  eyebrow: string;
  title: ReactNode;
  id?: string;
  children?: ReactNode;
  center?: boolean;
}) {
  return (
    <div className={`mb-10 max-w-3xl md:mb-14 ${center ? 'mx-auto text-center' : ''}`}>
      <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="font-display-tight text-display-sm-fit text-bone-50" style={wordFit(typeof title === 'string' ? title : undefined)}>
        {title}
      </h2>
      {children && <div className="mt-4 text-lg text-ink-300">{children}</div>}
    </div>
  );
}
