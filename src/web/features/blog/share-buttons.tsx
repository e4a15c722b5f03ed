import { Check, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { FacebookIcon, WhatsAppIcon, XIcon } from '../../components/ui/brand-icons';

export default function ShareButtons({ url, title }: { url: string; title: string }) {
  const tr = useT();
  const [copied, setCopied] = useState(false);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, icon: <FacebookIcon className="size-5" /> },
    { label: 'Share on X', href: `https://x.com/intent/post?url=${u}&text=${t}`, icon: <XIcon className="size-5" /> },
    { label: 'Share on WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`, icon: <WhatsAppIcon className="size-5" /> },
  ];
  const btn =
    'inline-flex size-11 items-center justify-center rounded-full border border-ink-600 text-bone-100 transition-colors hover:border-blood-500 hover:bg-blood-600 hover:text-white';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="share-buttons">
      <span className="text-sm font-bold tracking-wider text-ink-300 uppercase">{tr('share.label')}</span>
      {links.map((l) => (
        <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" aria-label={`${l.label} (opens in a new tab)`} className={btn}>
          {l.icon}
        </a>
      ))}
      <button type="button" onClick={copy} aria-label={copied ? 'Link copied' : 'Copy link'} className={btn}>
        {copied ? <Check aria-hidden className="size-5" /> : <Link2 aria-hidden className="size-5" />}
      </button>
    </div>
  );
}
