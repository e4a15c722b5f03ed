import { ArrowRight } from 'lucide-react';
import { type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { formatThb } from '../../../../shared/site-settings-data';

// Previews of what the public site will show once saved, drawn with the site's own colour tokens
// (theme.css) and the same markup as the landing hero and the /booking price table. They mirror
// those components instead of importing them: the public ones read the stored settings and pull
// the site's router helpers and styles into the back-office chunk.

const display = 'font-[family-name:var(--font-display)] font-black uppercase [font-stretch:condensed] tracking-[0.01em]';

/** The title with its highlighted word in red, like the public headline. */
function Highlighted({ title, highlight }: { title: string; highlight: string }) {
  const at = highlight ? title.indexOf(highlight) : -1;
  if (at < 0) return <>{title}</>;
  return (
    <>
      {title.slice(0, at)}
      <span className="text-blood-400">{highlight}</span>
      {title.slice(at + highlight.length)}
    </>
  );
}

export function HeroPreview({ hero, imageUrl }: { hero: Partial<SiteSettingsInput['hero']> | undefined; imageUrl: string | null | undefined }) {
  const h = hero ?? {};
  return (
    <div lang="en" className="relative isolate overflow-hidden rounded-lg border border-ink-800 bg-ink-950 text-bone-50" data-testid="hero-preview">
      {imageUrl && <img src={imageUrl} alt="" className="absolute inset-0 -z-20 h-full w-full object-cover opacity-35" data-testid="hero-preview-image" />}
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_70%_at_85%_20%,rgb(212_45_26/0.45),transparent_70%),radial-gradient(50%_60%_at_0%_100%,rgb(245_185_58/0.12),transparent_70%)]"
      />
      <div className="grid gap-4 p-5 sm:p-8">
        {h.badge && (
          <p className="inline-flex w-fit items-center gap-2 rounded-full border border-blood-500/50 bg-blood-600/15 px-3 py-1 text-xs font-semibold text-bone-100">
            <span className="size-2 rounded-full bg-blood-500" aria-hidden />
            {h.badge}
          </p>
        )}
        <p className={`${display} text-display-sm`}>
          <Highlighted title={h.title ?? ''} highlight={h.highlight ?? ''} />
          {h.subtitle && <span className="block text-bone-100">{h.subtitle}</span>}
        </p>
        {h.text && <p className="max-w-xl text-base whitespace-pre-line text-ink-300">{h.text}</p>}
        <span className="inline-flex w-fit items-center gap-2 rounded-md bg-blood-600 px-4 py-2 text-sm font-bold text-white" aria-hidden>
          Book Your First Class
          <ArrowRight className="size-4" />
        </span>
      </div>
    </div>
  );
}

const amount = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? formatThb(n) : '—');

export function PriceTablePreview({ prices }: { prices: Partial<SiteSettingsInput['prices']> | undefined }) {
  const columns = prices?.columns ?? [];
  const rows = prices?.rows ?? [];
  return (
    <div lang="en" className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 text-bone-50" data-testid="price-preview">
      <table className="w-full min-w-[16rem] border-collapse text-left">
        <caption className="sr-only">Aperçu des tarifs, en bahts</caption>
        <thead className="bg-ink-800 text-xs tracking-wide uppercase">
          <tr>
            <th scope="col" className="px-2 py-3 sm:p-3">
              Item
            </th>
            {columns.map((c, i) => (
              <th key={i} scope="col" className="px-2 py-3 text-right sm:p-3">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-ink-700 odd:bg-ink-900">
              <th scope="row" className="px-2 py-2 text-sm font-semibold sm:p-3">
                {r?.label}
              </th>
              {columns.map((_, j) => (
                <td key={j} className={`${display} px-2 py-2 text-right text-lg tabular-nums sm:p-3`}>
                  {amount(r?.prices?.[j])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
