import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Post bodies are Markdown. Raw HTML in them is dropped (no rehype-raw), and react-markdown's
// URL filter removes javascript: links, so a <script> or onerror in a post never runs.
const components: Components = {
  a: ({ href, children, node: _node, ...rest }) => {
    const external = href ? /^https?:\/\//i.test(href) : false;
    return (
      <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node, ...rest }) => (
    <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} loading="lazy" decoding="async" {...rest} />
  ),
  // The article title is the page's only h1.
  h1: ({ children, node: _node, ...rest }) => <h2 {...rest}>{children}</h2>,
};

export default function MarkdownBody({ content }: { content: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
      {content}
    </Markdown>
  );
}
