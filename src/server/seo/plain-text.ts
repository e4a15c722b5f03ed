import Markdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** The parts of an mdast node (remark's syntax tree) the text is read from. */
interface MdNode {
  type: string;
  value?: string;
  alt?: string | null;
  children?: MdNode[];
}

/** Nodes that are a block of their own: a space on either side keeps the words of two blocks apart. */
const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'list', 'listItem', 'code', 'table', 'tableRow', 'tableCell', 'thematicBreak']);
/** Nothing a reader sees as text: raw HTML (the site drops it), link definitions, footnotes. */
const SKIPPED = new Set(['html', 'definition', 'footnoteDefinition', 'footnoteReference', 'yaml']);

function textOf(node: MdNode): string {
  if (SKIPPED.has(node.type)) return '';
  let text: string;
  if (node.type === 'image' || node.type === 'imageReference') text = node.alt ?? '';
  else if (node.type === 'break') text = ' ';
  else if (node.value !== undefined) text = node.value;
  else text = (node.children ?? []).map(textOf).join('');
  return BLOCKS.has(node.type) ? ` ${text} ` : text;
}

/**
 * The words a reader of the article sees, on one line: parsed by the article's own renderer
 * (react-markdown with remark-gfm, so entities are decoded and reference links resolved the
 * same way), keeping image alt texts and code, dropping raw HTML and link targets.
 */
export function markdownToPlainText(markdown: string): string {
  let tree: MdNode | undefined;
  // A remark plugin that only keeps the syntax tree; Markdown() runs synchronously, outside React.
  const keepTree: NonNullable<Options['remarkPlugins']>[number] = () => (root: MdNode) => {
    tree = root;
  };
  Markdown({ children: markdown, remarkPlugins: [remarkGfm, keepTree], skipHtml: true });
  return tree ? textOf(tree).replace(/\s+/g, ' ').trim() : '';
}
