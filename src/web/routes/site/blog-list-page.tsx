import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BLOG_PAGE_SIZE } from '../../../shared/constants';
import { PostCard } from '../../features/blog/post-card';
import { categoriesQuery, publishedPostsQuery } from '../../features/blog/queries';
import { useDocumentTitle } from '../../lib/hooks';
import { usePageTitle } from '../../lib/site-settings';
import { useLanguage, useLocalePath, useT } from '../../i18n/i18n';
import { wordFit } from '../../lib/word-fit';

// Filter and page live in the URL (?category=slug&page=2): shareable, and server-rendered.
export default function BlogListPage() {
  const pageTitle = usePageTitle();
  const t = useT();
  const lp = useLocalePath();
  useDocumentTitle(pageTitle(t('blog.title')));
  const [params] = useSearchParams();
  const language = useLanguage();
  const posts = useQuery(publishedPostsQuery(language));
  const categories = useQuery(categoriesQuery());
  const category = params.get('category') ?? '';

  const filtered = (posts.data ?? []).filter((p) => !category || p.category?.slug === category);
  const pages = Math.max(1, Math.ceil(filtered.length / BLOG_PAGE_SIZE));
  const requested = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  const shown = filtered.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE);
  // The server lists English posts while this language has none of its own: say so.
  const otherLanguage = (posts.data ?? []).some((p) => p.language !== language);
  // A chip for each category this list has posts in (a Russian blog offers no empty English
  // categories), and the chosen one whatever it holds.
  const listed = new Set((posts.data ?? []).map((p) => p.category?.slug));
  const chips = (categories.data ?? []).filter((c) => listed.has(c.slug) || c.slug === category);

  // Plain links (this page is made of islands, and has none of its own): a filter or a page is
  // a page load, server-rendered, and works before any JavaScript.
  const listHref = (c: string, n: number) => {
    const p = new URLSearchParams();
    if (c) p.set('category', c);
    if (n > 1) p.set('page', String(n));
    const q = p.toString();
    return q ? `${lp('/blog')}?${q}` : lp('/blog');
  };
  const pageHref = (n: number) => listHref(category, n);

  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-pill border px-4 text-sm font-bold transition-colors ${
      active ? 'border-blood-600 bg-blood-600 text-white' : 'border-ink-600 text-bone-100 hover:border-bone-100'
    }`;

  return (
    <div className="container-site py-12 md:py-16">
      <Link to={lp('/')} className="inline-flex min-h-11 items-center gap-2 font-semibold text-ink-300 hover:text-blood-400">
        <ArrowLeft aria-hidden className="size-4" />
        {t('blog.back')}
      </Link>
      <header className="mt-4 mb-10 max-w-3xl">
        <p className="mb-3 text-eyebrow font-bold tracking-(--text-eyebrow--letter-spacing) text-blood-400 uppercase">{t('blog.title')}</p>
        <h1 className="font-display-tight text-display-fit" style={wordFit(t('blog.heading'))}>
          {t('blog.heading')}
        </h1>
        <p className="mt-4 text-lg text-ink-300">{t('blog.intro')}</p>
        {otherLanguage && (
          <p className="mt-4 border-l-4 border-blood-600 pl-4 text-bone-100" data-testid="blog-other-language">
            {t('blog.otherLanguage')}
          </p>
        )}
      </header>

      {chips.length > 0 && (
        <nav aria-label={t('blog.categories')} className="mb-10 wrap-anywhere">
          <ul className="flex flex-wrap gap-2">
            <li>
              <a href={listHref('', 1)} aria-current={!category ? 'page' : undefined} className={chip(!category)}>
                {t('blog.all')}
              </a>
            </li>
            {chips.map((c) => (
              <li key={c.id}>
                <a href={listHref(c.slug, 1)} aria-current={category === c.slug ? 'page' : undefined} className={chip(category === c.slug)}>
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {posts.isPending ? (
        <p role="status" className="py-16 text-center text-ink-300">
          {t('blog.loading')}
        </p>
      ) : posts.isError ? (
        <p role="alert" className="rounded-card border border-danger-400/50 p-6 text-center text-danger-400">
          {t('blog.failed')}
        </p>
      ) : shown.length === 0 ? (
        <p className="py-16 text-center text-ink-300">{t('blog.emptyCategory')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="post-list">
          {shown.map((p) => (
            <li key={p.id}>
              <PostCard post={p} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label={t('blog.pagination')} className="mt-12 flex flex-wrap items-center justify-center gap-2">
          <PageLink href={pageHref(page - 1)} disabled={page <= 1} label={t('blog.previous')}>
            <ChevronLeft aria-hidden className="size-5" />
          </PageLink>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <PageLink key={n} href={pageHref(n)} current={n === page} label={t('blog.page', { n })}>
              {n}
            </PageLink>
          ))}
          <PageLink href={pageHref(page + 1)} disabled={page >= pages} label={t('blog.next')}>
            <ChevronRight aria-hidden className="size-5" />
          </PageLink>
        </nav>
      )}
    </div>
  );
}

/** A real link: a page of the list is a page load. */
function PageLink({
  href,
  current,
  disabled,
  label,
  children,
}: {
  href: string;
  current?: boolean;
  disabled?: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const cls = `inline-flex size-11 items-center justify-center rounded-full border font-bold ${
    current ? 'border-blood-600 bg-blood-600 text-white' : 'border-ink-600 text-bone-100 hover:border-bone-100'
  }`;
  if (disabled) {
    return (
      <span aria-disabled="true" aria-label={label} role="link" className={`${cls} opacity-40`}>
        {children}
      </span>
    );
  }
  return (
    <a href={href} aria-label={label} aria-current={current ? 'page' : undefined} className={cls}>
      {children}
    </a>
  );
}
