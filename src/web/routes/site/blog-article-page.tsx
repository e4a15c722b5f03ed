import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Clock, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { srcSetOf, uploadVariants } from '../../../shared/media';
import { ArticleBody } from '../../features/blog/article-body';
import { postQuery } from '../../features/blog/queries';
import ShareButtons from '../../features/blog/share-buttons';
import { Island } from '../../islands/island';
import { formatDate, readingMinutes } from '../../lib/format';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useSiteUrl } from '../../lib/site-url';
import { useIntlLocale, useLocalePath, useT, useTextLang } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

function BackToBlog() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link to={lp('/blog')} className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink-300 hover:text-blood-400">
      <ArrowLeft aria-hidden className="size-4" />
      {t('article.back')}
    </Link>
  );
}

export default function BlogArticlePage() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError } = useQuery(postQuery(slug));
  const siteUrl = useSiteUrl();
  const pageTitle = usePageTitle();
  const t = useT();
  const lp = useLocalePath();
  const locale = useIntlLocale();
  // The post's own words (title, excerpt, image text, body) in its language, whatever the page's.
  const lang = useTextLang(post?.language ?? 'en');
  useDocumentTitle(pageTitle(post ? (post.metaTitle ?? post.title) : isPending ? t('blog.title') : t('article.notFoundTitle')));

  if (isPending) {
    return (
      <div className="container-site py-24 text-center" role="status">
        <p className="text-ink-300">{t('article.loading')}</p>
      </div>
    );
  }
  if (isError || !post) {
    return (
      <div className="container-site py-24">
        <div className="mx-auto max-w-xl text-center">
          <h1 className="font-display-tight text-display-sm-fit" style={wordFit(t('article.notFound'))}>
            {t('article.notFound')}
          </h1>
          <p className="mt-4 text-lg text-ink-300">{t('article.notFoundText')}</p>
          <div className="mt-8 flex justify-center">
            <BackToBlog />
          </div>
        </div>
      </div>
    );
  }

  const url = `${siteUrl}${lp(`/blog/${post.slug}`)}`;
  return (
    <article className="pb-16 wrap-anywhere">
      <header className="border-b border-ink-800 bg-[radial-gradient(70%_90%_at_90%_0%,rgb(212_45_26/0.25),transparent_70%)]">
        <div className="container-site max-w-4xl py-12 md:py-16">
          <BackToBlog />
          <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ink-300">
            {post.category && (
              <Link
                to={`${lp('/blog')}?category=${encodeURIComponent(post.category.slug)}`}
                className="rounded-pill bg-blood-600 px-3 py-1 font-bold tracking-wider text-white uppercase hover:bg-blood-700"
              >
                {post.category.name}
              </Link>
            )}
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              <time dateTime={post.publishedAt ?? post.createdAt}>{formatDate(post.publishedAt ?? post.createdAt, locale)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="reading-time">
              <Clock aria-hidden className="size-4" />
              {t('blog.minRead', { n: readingMinutes(post.content) })}
            </span>
          </div>
          <h1 lang={lang} className="mt-5 font-display-tight text-display-sm-fit md:text-[clamp(2.5rem,1.5rem+4vw,4.5rem)]" style={wordFit(post.title)}>
            {post.title}
          </h1>
          {post.excerpt && (
            <p lang={lang} className="mt-5 text-xl text-bone-100">
              {post.excerpt}
            </p>
          )}
          {post.author && (
            <p className="mt-6 inline-flex items-center gap-2 text-ink-300">
              <UserRound aria-hidden className="size-5" />
              {t('article.by')} <span className="font-semibold text-bone-50">{post.author.name}</span>
            </p>
          )}
        </div>
      </header>
      <div className="container-site max-w-4xl">
        {post.featuredImage && (
          <img
            src={post.featuredImage}
            srcSet={srcSetOf(uploadVariants(post.featuredImage))}
            sizes={uploadVariants(post.featuredImage).length ? '(min-width: 56rem) 52rem, calc(100vw - 2rem)' : undefined}
            alt={post.featuredImageAlt ?? post.title}
            lang={lang}
            width={1200}
            height={675}
            className="mt-10 aspect-[16/9] w-full rounded-card object-cover"
            decoding="async"
            fetchPriority="high"
            data-testid="featured-image"
          />
        )}
        <ArticleBody
          slug={post.slug}
          content={post.content}
          className="prose-article mt-10"
          lang={lang}
          fallback={<p className="text-ink-300">{t('article.loading')}</p>}
        />
        <div className="mt-12 flex flex-col gap-6 border-t border-ink-800 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <Island name="share-buttons" component={ShareButtons} props={{ url, title: post.title }} when="visible" />
          <BackToBlog />
        </div>
      </div>
    </article>
  );
}
