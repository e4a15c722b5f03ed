import { useQuery } from '@tanstack/react-query';
import { SectionHeading } from '../../components/ui/section-heading';
import { Island } from '../../islands/island';
import GalleryView from './gallery-view';
import { galleryQuery } from './queries';
import { useT } from '../../i18n/i18n';

export function GallerySection() {
  const { data, isPending, isError } = useQuery(galleryQuery());
  const t = useT();
  const items = data ?? [];

  return (
    <section id="gallery" aria-labelledby="gallery-title" className="py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('gallery.eyebrow')} title={t('gallery.title')} id="gallery-title">
          <p>{t('gallery.intro')}</p>
        </SectionHeading>
        {isPending ? (
          <p role="status" className="rounded-card border border-dashed border-ink-600 p-10 text-center text-ink-300">
            {t('gallery.loading')}
          </p>
        ) : isError || items.length === 0 ? (
          <p className="rounded-card border border-dashed border-ink-600 p-10 text-center text-ink-300">{t('gallery.empty')}</p>
        ) : (
          // Hydrated on its own when it nears the viewport (or on a first tap).
          <Island name="gallery" component={GalleryView} props={{ items }} when="visible" />
        )}
      </div>
    </section>
  );
}
