import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath, useT } from '../../i18n/i18n';
import { BLOG_TEASER_COUNT } from '../../../shared/constants';
import { buttonClass } from '../../components/ui/button';
import { SectionHeading } from '../../components/ui/section-heading';
import { PostCard } from './post-card';
import { teaserPostsQuery } from './queries';

export function BlogTeaserSection() {
  const { data, isPending, isError } = useQuery(teaserPostsQuery(useLanguage()));
  const t = useT();
  const lp = useLocalePath();
  const posts = (data ?? []).slice(0, BLOG_TEASER_COUNT);
  return (
    <section id="blog" aria-labelledby="blog-title" className="py-section">
      <div className="container-site">
        <SectionHeading eyebrow={t('blogTeaser.eyebrow')} title={t('blogTeaser.title')} id="blog-title">
          <p>{t('blogTeaser.intro')}</p>
        </SectionHeading>
        {isPending ? (
          <p role="status" className="text-ink-300">
            {t('blogTeaser.loading')}
          </p>
        ) : isError ? (
          <p className="text-ink-300">{t('blog.failed')}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="blog-teaser">
            {posts.map((p) => (
              <li key={p.id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 flex justify-center">
          <Link to={lp('/blog')} className={buttonClass('outline', 'md')}>
            {t('blogTeaser.all')}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
