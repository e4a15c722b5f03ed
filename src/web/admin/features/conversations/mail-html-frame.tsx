import { ImageIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';

// A customer's HTML e-mail (sanitised by the server twice: on import and on the way out) in a
// sandboxed frame: no scripts (no allow-scripts), an opaque origin (no allow-same-origin), and a
// policy of its own that loads no remote image until the staff ask for them.

const STYLE = 'body{font:14px/1.5 system-ui,sans-serif;color:#111827;margin:8px;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}';

function srcdoc(body: string, remote: boolean): string {
  const img = remote ? 'data: https: http:' : 'data:';
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${img}; style-src 'unsafe-inline'">` +
    `<base target="_blank"><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** data-remote-src → src, through the browser's parser (never a string substitution on markup). */
function withRemoteImages(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const img of doc.querySelectorAll('img[data-remote-src]')) {
    const src = img.getAttribute('data-remote-src') ?? '';
    if (/^https?:\/\//i.test(src)) img.setAttribute('src', src);
    img.removeAttribute('data-remote-src');
  }
  return doc.body.innerHTML;
}

export function MailHtmlFrame({ html, title }: { html: string; title: string }) {
  const [remote, setRemote] = useState(false);
  const hasRemote = html.includes('data-remote-src');
  const doc = useMemo(() => srcdoc(remote ? withRemoteImages(html) : html, remote), [html, remote]);
  return (
    <div className="mt-2 grid gap-2">
      <iframe
        title={title}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={doc}
        data-testid="mail-html"
        className="h-72 w-full resize-y rounded border border-gray-200 bg-white"
      />
      {hasRemote && !remote && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
          <span>Remote images are blocked.</span>
          <Button type="button" variant="outline" size="sm" onClick={() => setRemote(true)}>
            <ImageIcon className="h-4 w-4" aria-hidden />
            Show remote images
          </Button>
        </div>
      )}
    </div>
  );
}
