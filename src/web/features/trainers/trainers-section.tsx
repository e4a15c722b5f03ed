import { useQuery } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { GALLERY_VARIANT_WIDTHS } from '../../../shared/constants';
import { uploadSrcSet } from '../../../shared/site-settings-data';
import { SectionHeading } from '../../components/ui/section-heading';
import { useLanguage, useT } from '../../i18n/i18n';
import { trainersQuery } from './queries';

/**
 * The trainers who give private lessons (issue 37): the server's HTML, no script (the landing
 * page and /booking stay within the page-weight budget). Nothing shows while there are none.
 */
export function TrainersSection({ id = 'trainers' }: { id?: string }) {
  const { data } = useQuery(trainersQuery(useLanguage()));
  const t = useT();
  if (!data?.trainers.length) return null;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('trainers.eyebrow')} title={t('trainers.title')} id={`${id}-title`}>
          <p>{t('trainers.intro')}</p>
        </SectionHeading>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="trainers">
          {data.trainers.map((tr) => (
            <li key={tr.id} className="flex flex-col overflow-hidden rounded-card border border-ink-700 bg-ink-900">
              {tr.photoUrl && (
                <img
                  src={tr.photoUrl}
                  srcSet={uploadSrcSet(tr.photoUrl, GALLERY_VARIANT_WIDTHS)}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  alt={tr.name}
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover"
                />
              )}
              <div className="flex flex-1 flex-col p-6">
                <h3 className="font-display-tight text-2xl">{tr.name}</h3>
                {tr.disciplines.length > 0 && <p className="mt-1 text-sm font-bold text-gold-400">{tr.disciplines.join(' · ')}</p>}
                {tr.bio && <p className="mt-3 flex-1 text-ink-300">{tr.bio}</p>}
                {tr.languages.length > 0 && (
                  <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-ink-300">
                    <Languages aria-hidden className="size-4 shrink-0" />
                    <span>
                      <span className="sr-only">{t('trainers.speaks')} </span>
                      {tr.languages.join(', ')}
                    </span>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
