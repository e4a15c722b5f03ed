import type { AppContext } from '../context';
import { addImage } from './gallery.service';
import { countItems } from './gallery.repository';
import { escapeHtml } from '../lib/escape-html';
import { loadSharp } from '../media/image-processing';

interface DemoImage {
  label: string;
  tagline: string;
  title: string;
  description: string;
  category: string;
  /** Two background tones and the accent. */
  from: string;
  to: string;
  accent: string;
}

// Listed as shown: the first is the newest.
const DEMO: DemoImage[] = [
  {
    label: 'Muay Thai',
    tagline: 'The art of eight limbs',
    title: 'Muay Thai pad work',
    description: 'Evening Muay Thai class: pad rounds with our coaches.',
    category: 'muay-thai',
    from: '#2a0303',
    to: '#8b0a0a',
    accent: '#d4a537',
  },
  {
    label: 'Brazilian Jiu-Jitsu',
    tagline: 'Leverage over strength',
    title: 'Brazilian Jiu-Jitsu rolling',
    description: 'Positional sparring on the mats after technique.',
    category: 'bjj',
    from: '#0b0b0b',
    to: '#5c0a0a',
    accent: '#e0b84a',
  },
  {
    label: 'MMA',
    tagline: 'Strike · Wrestle · Submit',
    title: 'MMA sparring',
    description: 'Controlled MMA sparring, gloves and shin guards on.',
    category: 'mma',
    from: '#140000',
    to: '#a0120f',
    accent: '#f2c14e',
  },
  {
    label: 'Wrestling',
    tagline: 'Control the centre',
    title: 'Wrestling drills',
    description: 'Takedown entries and chain wrestling drills.',
    category: 'wrestling',
    from: '#1c0f02',
    to: '#6d0d0d',
    accent: '#c9982e',
  },
  {
    label: 'Luta Livre',
    tagline: 'No-gi grappling',
    title: 'Luta Livre session',
    description: 'No-gi submissions and scrambles.',
    category: 'luta-livre',
    from: '#050505',
    to: '#7a1010',
    accent: '#dcae3f',
  },
  {
    label: 'Beach Run',
    tagline: 'Saturday sunrise conditioning',
    title: 'Beach run',
    description: 'Weekend conditioning run on the beach with the team.',
    category: 'events',
    from: '#230606',
    to: '#b5651d',
    accent: '#ffd36b',
  },
];

const WIDTH = 1600;
const HEIGHT = 1067;
/** Baseline of the tagline: about 60% down, clear of the caption band at the bottom. */
const TAGLINE_BASELINE = 640;

/** Long labels go on two lines, split at the space nearest the middle. */
function labelLines(label: string): string[] {
  const text = label.toUpperCase();
  if (text.length <= 12 || !text.includes(' ')) return [text];
  let best = -1;
  for (let i = 0; i < text.length; i++) if (text[i] === ' ' && (best < 0 || Math.abs(i - text.length / 2) < Math.abs(best - text.length / 2))) best = i;
  return [text.slice(0, best), text.slice(best + 1)];
}

function demoSvg(d: DemoImage): string {
  const lines = labelLines(d.label);
  // Bold DejaVu is about 0.78 em per capital: keep the longest line inside 1360 px.
  const size = Math.min(190, Math.floor(1360 / (Math.max(...lines.map((l) => l.length)) * 0.78)));
  // The site lays the item's title over the bottom third of the picture (a dark gradient):
  // the drawing ends above it, so the caption never covers the tagline.
  const taglineY = TAGLINE_BASELINE;
  const lineStep = Math.round(size * 1.05);
  const barY = taglineY - 90 - (lines.length - 1) * lineStep - size - 40;
  const baselines = lines.map((_, i) => barY + 40 + size + i * lineStep);
  const font = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${d.from}"/>
      <stop offset="1" stop-color="${d.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.78" cy="0.22" r="0.7">
      <stop offset="0" stop-color="${d.accent}" stop-opacity="0.45"/>
      <stop offset="1" stop-color="${d.accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <path d="M-100 1067 L500 0 L640 0 L40 1067 Z M420 1067 L1020 0 L1080 0 L480 1067 Z M1180 1067 L1600 320 L1600 420 L1240 1067 Z" fill="#ffffff" fill-opacity="0.04"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <circle cx="1260" cy="300" r="260" fill="none" stroke="${d.accent}" stroke-opacity="0.35" stroke-width="6"/>
  <circle cx="1260" cy="300" r="190" fill="none" stroke="${d.accent}" stroke-opacity="0.2" stroke-width="3"/>
  <rect x="120" y="${barY}" width="220" height="12" fill="${d.accent}"/>
  ${lines.map((l, i) => `<text x="120" y="${baselines[i]}" font-family="${font}" font-weight="bold" font-size="${size}" fill="#ffffff" letter-spacing="2">${escapeHtml(l)}</text>`).join('\n  ')}
  <text x="124" y="${taglineY}" font-family="${font}" font-size="54" fill="${d.accent}">${escapeHtml(d.tagline)}</text>
</svg>`;
}

/**
 * Demo gallery for a first start: six images drawn locally (no network), run through the
 * same checks and WebP pipeline as uploads. Does nothing when the gallery has items.
 * Returns how many items were added.
 */
export async function seedDemoGallery(ctx: AppContext): Promise<number> {
  if ((await countItems(ctx.db)) > 0) return 0;
  const sharp = await loadSharp();
  // Oldest first so that the first listed is the newest.
  for (const d of [...DEMO].reverse()) {
    const jpeg = await sharp(Buffer.from(demoSvg(d)))
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
    const filename = `${d.category}.jpg`;
    await addImage(ctx, { title: d.title, description: d.description, category: d.category }, { data: jpeg, filename }, { countStat: false });
  }
  return DEMO.length;
}
