import { CalendarDays, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { srcSetOf, uploadVariants } from '../../../shared/media';
import { formatDate, readingMinutes } from '../../lib/format';
import { useIntlLocale, useLocalePath, useT, useTextLang } from '../../i18n/i18n';
import type { BlogPost } from '../../lib/types';

export function PostCard({ post, headingLevel = 3 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useIntlLocale();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  // An English post on another language's blog (its fallback) says so to screen readers.
  const lang = useTextLang(post.language);
  // A picture uploaded to the gallery comes in several widths: the browser picks one.
  const srcSet = srcSetOf(uploadVariants(post.featuredImage));
  return (
    <article className="group relative flex h-full min-w-0 flex-col overflow-hidden rounded-card wrap-anywhere border border-ink-700 bg-ink-900 transition-colors hover:border-blood-500/60">
      <div className="aspect-[16/9] overflow-hidden bg-ink-800">
        {post.featuredImage ? (
          <img
            src={post.featuredImage}
            srcSet={srcSet}
            sizes={srcSet ? '(min-width: 1280px) 400px, (min-width: 1024px) 32vw, (min-width: 768px) 48vw, 100vw' : undefined}
            alt=""
            width={800}
            height={450}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <div
            aria-hidden
            className="flex size-full items-center justify-center bg-[linear-gradient(135deg,#3b0d0a,#17171a_60%)] font-display-tight text-4xl text-bone-50/20"
          >
            {post.category?.name ?? t('blog.title')}
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-300">
          {post.category && <span className="font-bold tracking-wider text-blood-400 uppercase">{post.category.name}</span>}
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden className="size-4" />
            {formatDate(post.publishedAt ?? post.createdAt, locale)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-4" />
            {t('blog.minRead', { n: readingMinutes(post.content) })}
          </span>
        </div>
        <H className="text-xl leading-snug font-bold">
          {/* The whole card is clickable through the title link's overlay. */}
          <Link to={lp(`/blog/${post.slug}`)} lang={lang} className="after:absolute after:inset-0 hover:text-blood-400">
            {post.title}
          </Link>
        </H>
        {post.excerpt && (
          <p lang={lang} className="mt-3 line-clamp-3 text-ink-300">
            {post.excerpt}
          </p>
        )}
      </div>
    </article>
  );
}
