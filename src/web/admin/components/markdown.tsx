import MarkdownBody from '../../features/blog/markdown-body';

/**
 * The blog preview uses the public article's own renderer (react-markdown + remark-gfm, raw
 * HTML dropped), so what the editor shows is what visitors get; only the colours are the
 * back office's light ones.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="admin-markdown">
      <MarkdownBody content={children} />
    </div>
  );
}
