import { Suspense, lazy, useState, type ReactNode } from 'react';

// The Markdown renderer (react-markdown + remark-gfm) is its own chunk. The server renders the
// body with it; in the browser, the page's first render reuses that HTML, so an article opened
// directly never downloads the renderer. Only a post the page has no HTML for (a client-side
// navigation, an edited post) loads it.
const MarkdownBody = lazy(() => import('./markdown-body'));

/** Which rendering a body's HTML is: the post and a digest of its Markdown (FNV-1a). */
export function bodyKey(slug: string, content: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < content.length; i++) {
    h ^= content.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${slug}:${content.length}:${(h >>> 0).toString(36)}`;
}

/**
 * The HTML the server rendered for this very Markdown, if the document holds it. It came from
 * MarkdownBody (raw HTML skipped, unsafe URLs dropped), so it is as safe as rendering it again.
 */
function serverHtml(key: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const el of document.querySelectorAll<HTMLElement>('[data-body-key]')) {
    if (el.dataset.bodyKey === key) return el.innerHTML;
  }
  return null;
}

interface Props {
  slug: string;
  content: string;
  className?: string;
  lang?: string;
  fallback: ReactNode;
}

export function ArticleBody({ slug, content, className, lang, fallback }: Props) {
  const key = bodyKey(slug, content);
  // Read once, on the first render: during hydration the server's node is still in the DOM.
  const [reused] = useState(() => {
    const html = serverHtml(key);
    return html === null ? null : { key, html };
  });
  const attrs = { className, lang, 'data-testid': 'article-body', 'data-body-key': key };
  if (reused && reused.key === key) {
    // The same markup React would produce; it is not diffed (suppressHydrationWarning), so the
    // Suspense markers the server left inside do not matter.
    return <div {...attrs} dangerouslySetInnerHTML={{ __html: reused.html }} suppressHydrationWarning />;
  }
  return (
    <div {...attrs}>
      <Suspense fallback={fallback}>
        <MarkdownBody content={content} />
      </Suspense>
    </div>
  );
}
