import { GALLERY_MAX_PIXELS, GALLERY_VARIANT_WIDTHS } from '../../shared/constants';
import type { AppContext } from '../context';
import { storeVariants } from '../gallery/gallery.service';
import { escapeHtml } from '../lib/escape-html';
import { loadSharp, processImage } from '../media/image-processing';
import { siteImageStorage } from '../site-settings/site-settings.service';
import { addRecords } from './demo.repository';

// The demo's pictures, drawn at seed time (no network, no committed binary): an SVG made of
// gradients, shapes and a word, turned into a PNG by sharp and then through the uploads' pipeline
// (checks, WebP variants) into uploads/site. Every file written is recorded for the removal.

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

export interface DemoPicture {
  width: number;
  height: number;
  /** Two background tones and an accent. */
  from: string;
  to: string;
  accent: string;
  title: string;
  subtitle: string;
  /** portrait: a figure's outline; room: a bed and a window; cover: stripes; mark: a signature or stamp. */
  motif: 'portrait' | 'room' | 'cover' | 'signature' | 'stamp';
}

function motifSvg(p: DemoPicture): string {
  const { width: w, height: h, accent } = p;
  switch (p.motif) {
    case 'portrait':
      return `<circle cx="${w / 2}" cy="${h * 0.5}" r="${w * 0.16}" fill="${accent}" fill-opacity="0.85"/>
  <path d="M${w * 0.16} ${h} C${w * 0.2} ${h * 0.7} ${w * 0.8} ${h * 0.7} ${w * 0.84} ${h} Z" fill="${accent}" fill-opacity="0.7"/>`;
    case 'room':
      return `<rect x="${w * 0.62}" y="${h * 0.08}" width="${w * 0.28}" height="${h * 0.34}" rx="12" fill="#bfe3ff" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.6" stroke-width="8"/>
  <rect x="${w * 0.1}" y="${h * 0.42}" width="${w * 0.55}" height="${h * 0.15}" rx="18" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="${w * 0.1}" y="${h * 0.33}" width="${w * 0.16}" height="${h * 0.11}" rx="14" fill="${accent}"/>
  <rect x="${w * 0.08}" y="${h * 0.57}" width="${w * 0.59}" height="${h * 0.04}" fill="#000000" fill-opacity="0.35"/>`;
    case 'cover':
      return `<path d="M0 ${h} L${w * 0.35} 0 L${w * 0.45} 0 L${w * 0.1} ${h} Z M${w * 0.55} ${h} L${w * 0.9} 0 L${w} 0 L${w * 0.65} ${h} Z" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="${w * 0.8}" cy="${h * 0.3}" r="${h * 0.22}" fill="none" stroke="${accent}" stroke-opacity="0.5" stroke-width="10"/>`;
    case 'signature':
      return `<path d="M${w * 0.1} ${h * 0.65} C${w * 0.2} ${h * 0.1} ${w * 0.3} ${h * 0.9} ${w * 0.42} ${h * 0.4} S${w * 0.62} ${h * 0.7} ${w * 0.7} ${h * 0.35} S${w * 0.85} ${h * 0.6} ${w * 0.92} ${h * 0.45}" fill="none" stroke="#1b2a6b" stroke-width="9" stroke-linecap="round"/>`;
    case 'stamp':
      return `<circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.42}" fill="none" stroke="#b3121b" stroke-width="14"/>
  <circle cx="${w / 2}" cy="${h / 2}" r="${w * 0.32}" fill="none" stroke="#b3121b" stroke-width="5"/>`;
  }
}

export function pictureSvg(p: DemoPicture): string {
  const mark = p.motif === 'signature' || p.motif === 'stamp';
  const size = Math.round(Math.min((p.width * 0.88) / Math.max(p.title.length, 6) / 0.62, p.height * 0.11));
  // A portrait's words go above the figure; elsewhere in the band at the bottom.
  const titleY = mark ? p.height * 0.56 : p.motif === 'portrait' ? p.height * 0.08 + size : p.height * 0.82;
  const colour = p.motif === 'stamp' ? '#b3121b' : p.motif === 'signature' ? '#1b2a6b' : '#ffffff';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ${p.height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  ${mark ? '' : '<rect width="100%" height="100%" fill="url(#bg)"/>'}
  ${motifSvg(p)}
  <text x="${mark ? p.width / 2 : p.width * 0.06}" y="${titleY}" text-anchor="${mark ? 'middle' : 'start'}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${colour}">${escapeHtml(p.title)}</text>
  <text x="${mark ? p.width / 2 : p.width * 0.06}" y="${titleY + size * 0.9}" text-anchor="${mark ? 'middle' : 'start'}" font-family="${FONT}" font-size="${Math.round(size * 0.45)}" fill="${mark ? colour : p.accent}">${escapeHtml(p.subtitle)}</text>
</svg>`;
}

/** Draws a picture, stores its WebP variants in uploads/site, records them; answers the largest's URL. */
export async function storeDemoPicture(ctx: AppContext, p: DemoPicture): Promise<string> {
  const sharp = await loadSharp();
  // Fast to write: the pipeline decodes it again at once.
  const png = await sharp(Buffer.from(pictureSvg(p)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Drawn at most 800 px wide: the demo's pictures are shown in cards; a real upload gets all widths.
  const widths = GALLERY_VARIANT_WIDTHS.filter((x) => x <= p.width);
  const image = await processImage(png, { widths: widths.length ? widths : [p.width], maxPixels: GALLERY_MAX_PIXELS });
  const { variants, written } = await storeVariants(siteImageStorage(ctx), image);
  await addRecords(ctx.db, 'site-file', written);
  return variants[variants.length - 1].url;
}
