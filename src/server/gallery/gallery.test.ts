import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { pixelBomb } from '../../../tests/helpers/images';
import { GALLERY_MAX_BYTES } from '../../shared/constants';
import { nowIso } from '../db/database';
import { detectImageFormat, processImage } from '../media/image-processing';
import { sanitizeFilename } from '../media/storage';
import { seedDemoGallery } from './gallery.seed';
import { CORRUPT_IMAGE, FILE_TOO_LARGE, GALLERY_RESTORE_WINDOW_MS, NO_FILE, UNSUPPORTED_FORMAT, purgeDeletedGalleryItems } from './gallery.service';

// ---------- fixtures, made at test time ----------

type Part = { name: string; value: string } | { name: string; data: Buffer; filename: string; type?: string };

/** A multipart body in the given part order, as a browser's FormData would send it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.filename);
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 150, g: 20, b: 20 } } });

/**
 * A 600×400 JPEG, blue along its top edge and red elsewhere, whose EXIF says "turn 90°
 * clockwise" and carries a camera name and a GPS position.
 */
const exifJpeg = async () =>
  sharp(
    await solid(600, 400)
      .composite([{ input: { create: { width: 600, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } }, top: 0, left: 0 }])
      .png()
      .toBuffer(),
  )
    .jpeg()
    .withExif({
      IFD0: { Make: 'GymTestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A three-frame 500×300 animated GIF (red, green, blue). */
async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    [
      { r: 255, g: 0, b: 0 },
      { r: 0, g: 255, b: 0 },
      { r: 0, g: 0, b: 255 },
    ].map((background) =>
      sharp({ create: { width: 500, height: 300, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  const strip = await sharp({ create: { width: 500, height: 900, channels: 3, background: '#000' } })
    .composite(frames.map((input, i) => ({ input, top: i * 300, left: 0 })))
    .raw()
    .toBuffer();
  return sharp(strip, { raw: { width: 500, height: 900, channels: 3, pageHeight: 300 } })
    .gif({ delay: [200, 200, 200], loop: 0 })
    .toBuffer();
}

describe('image helpers', () => {
  it('counts every frame of an animation against the pixel limit', async () => {
    const gif = await animatedGif();
    // 3 × 500 × 300 = 450,000 pixels.
    await expect(processImage(gif, { widths: [400], maxPixels: 400_000 })).rejects.toMatchObject({ reason: 'too-many-pixels' });
    const ok = await processImage(gif, { widths: [400], maxPixels: 500_000 });
    expect(ok.variants.map((v) => [v.width, v.height])).toEqual([[400, 240]]);
  });

  it('names why an image is refused', async () => {
    await expect(processImage(Buffer.from('plain text'), { widths: [400], maxPixels: 1e6 })).rejects.toMatchObject({ reason: 'unsupported' });
    // A GIF signature over bytes that are not a GIF.
    await expect(processImage(Buffer.from('GIF89a' + 'x'.repeat(50)), { widths: [400], maxPixels: 1e6 })).rejects.toMatchObject({ reason: 'corrupt' });
    await expect(processImage(await pixelBomb(), { widths: [400], maxPixels: 40e6 })).rejects.toMatchObject({ reason: 'too-many-pixels' });
  });

  it('tells the format from the bytes only', async () => {
    expect(detectImageFormat(await solid(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageFormat(await solid(2, 2).png().toBuffer())).toBe('png');
    expect(detectImageFormat(await solid(2, 2).gif().toBuffer())).toBe('gif');
    expect(detectImageFormat(await solid(2, 2).webp().toBuffer())).toBe('webp');
    expect(detectImageFormat(await solid(2, 2).tiff().toBuffer())).toBeNull();
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });

  it('keeps only a safe base name of the client file name', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\Photo 1.JPG')).toBe('Photo 1.JPG');
    expect(sanitizeFilename('<script>alert(1)</script>.png')).toBe('script_.png');
    expect(sanitizeFilename('a<b>"c".png')).toBe('a_b_c_.png');
    expect(sanitizeFilename('..')).toBeNull();
    expect(sanitizeFilename('')).toBeNull();
    expect(sanitizeFilename(`${'a'.repeat(500)}.jpeg`)).toMatch(/^a{195}\.jpeg$/);
    expect(sanitizeFilename('séance été.png')).toBe('séance été.png');
  });
});

describe.each(backends)('gallery on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let galleryDir: string;
  const files = () => (fs.existsSync(galleryDir) ? fs.readdirSync(galleryDir).sort() : []);
  const upload = async (parts: Part[], auth: string | null = token) =>
    t.inject({ method: 'POST', url: '/api/gallery', token: auth ?? undefined, ...(await multipart(parts)) });
  const image = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'image', data, filename, type });
  const fileOf = (url: string) => path.join(galleryDir, path.basename(url));

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await t.signIn('staff')).token;
    galleryDir = path.join(t.config.dataDir, 'uploads', 'gallery');
  });
  afterAll(() => t?.close());

  describe('POST /api/gallery', () => {
    it('turns the photo upright, strips EXIF and GPS, writes WebP variants and answers 201', async () => {
      const jpeg = await exifJpeg();
      const before = await sharp(jpeg).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif?.includes('GymTestCam')).toBe(true);
      // The GPS IFD pointer tag (0x8825, little-endian) is in the source.
      expect(before.exif!.indexOf(Buffer.from([0x25, 0x88]))).toBeGreaterThan(0);

      const res = await upload([
        image(jpeg, 'Séance du soir.jpg'),
        { name: 'title', value: '  Sparring du soir  ' },
        { name: 'description', value: 'Les coachs en action' },
        { name: 'category', value: 'mma' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json();
      expect(item).toMatchObject({
        title: 'Sparring du soir',
        description: 'Les coachs en action',
        category: 'mma',
        instagramUrl: null,
        filename: 'Séance du soir.jpg',
        width: 400,
        height: 600,
      });
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(item.variants).toEqual([{ width: 400, url: item.imageUrl }]);
      expect(item.imageUrl).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}-400\.webp$/);
      expect(Object.keys(item).sort()).toEqual(
        ['category', 'createdAt', 'description', 'filename', 'height', 'id', 'imageUrl', 'instagramUrl', 'title', 'variants', 'version', 'width'].sort(),
      );

      const stored = fs.readFileSync(fileOf(item.imageUrl));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([400, 600]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes('GymTestCam')).toBe(false);
      expect(stored.includes('Exif')).toBe(false);
      // Upright: the blue top edge is now the right edge.
      const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [rr, , rb] = pixel(390, 300);
      const [lr, , lb] = pixel(10, 300);
      expect(rb).toBeGreaterThan(200);
      expect(rr).toBeLessThan(50);
      expect(lr).toBeGreaterThan(100);
      expect(lb).toBeLessThan(50);
    });

    it('writes 400, 800 and 1600 wide variants for a large PNG; fields may come first', async () => {
      const png = await solid(2000, 1000).png().toBuffer();
      const res = await upload([{ name: 'title', value: 'Grand tatami' }, { name: 'category', value: '' }, image(png, 'tatami.png', 'image/png')]);
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json();
      expect(item.category).toBe('general');
      expect(item.description).toBeNull();
      expect(item.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
      expect(item.imageUrl).toBe(item.variants[2].url);
      expect([item.width, item.height]).toEqual([1600, 800]);
      const stem = path.basename(item.imageUrl).split('-')[0];
      for (const v of item.variants) {
        expect(path.basename(v.url)).toBe(`${stem}-${v.width}.webp`);
        const m = await sharp(fileOf(v.url)).metadata();
        expect([m.format, m.width, m.height]).toEqual(['webp', v.width, v.width / 2]);
      }
    });

    it('accepts GIF and WebP; an image narrower than 400 px gets one variant at its own width', async () => {
      const gif = await upload([image(await solid(300, 200).gif().toBuffer(), 'anim.gif', 'image/gif'), { name: 'title', value: 'GIF' }]);
      expect(gif.statusCode, gif.body).toBe(201);
      expect(gif.json().variants).toEqual([{ width: 300, url: gif.json().imageUrl }]);
      expect([gif.json().width, gif.json().height]).toEqual([300, 200]);
      const webp = await upload([image(await solid(900, 600).webp().toBuffer(), 'x.webp', 'image/webp'), { name: 'title', value: 'WebP' }]);
      expect(webp.statusCode, webp.body).toBe(201);
      expect(webp.json().variants.map((v: { width: number }) => v.width)).toEqual([400, 800]);
    });

    it('keeps a GIF animated', async () => {
      const gif = await animatedGif();
      const res = await upload([image(gif, 'anim.gif', 'image/gif'), { name: 'title', value: 'Animée' }]);
      expect(res.statusCode, res.body).toBe(201);
      expect([res.json().width, res.json().height]).toEqual([400, 240]);
      const m = await sharp(fileOf(res.json().imageUrl)).metadata();
      expect([m.format, m.pages, m.width]).toEqual(['webp', 3, 400]);
    });

    it('decides the type from the bytes, not the name or the declared type', async () => {
      const before = files();
      const text = await upload([
        image(Buffer.from('hello, I am not a picture at all\n'.repeat(20)), 'photo.jpg', 'image/jpeg'),
        { name: 'title', value: 'Faux' },
      ]);
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({ error: UNSUPPORTED_FORMAT, code: 'unsupported_media_type' });
      const svg = await upload([
        image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'logo.png', 'image/png'),
        { name: 'title', value: 'SVG' },
      ]);
      expect(svg.statusCode).toBe(415);
      const tiff = await upload([image(await solid(50, 50).tiff().toBuffer(), 'scan.jpg'), { name: 'title', value: 'TIFF' }]);
      expect(tiff.statusCode).toBe(415);
      expect(files()).toEqual(before);

      const jpegAsText = await upload([image(await solid(500, 300).jpeg().toBuffer(), 'x.txt', 'text/plain'), { name: 'title', value: 'Vrai JPEG' }]);
      expect(jpegAsText.statusCode, jpegAsText.body).toBe(201);
      expect(jpegAsText.json().filename).toBe('x.txt');
      expect((await sharp(fileOf(jpegAsText.json().imageUrl)).metadata()).format).toBe('webp');
    });

    it('refuses a truncated or damaged image with a clear 400 and writes nothing', async () => {
      const before = files();
      const jpeg = await solid(800, 600).jpeg().toBuffer();
      const cut = await upload([image(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))), { name: 'title', value: 'Coupée' }]);
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({ error: CORRUPT_IMAGE, code: 'validation' });
      const png = await solid(800, 600).png().toBuffer();
      const badPng = await upload([image(png.subarray(0, 60), 'x.png'), { name: 'title', value: 'PNG coupé' }]);
      expect(badPng.statusCode).toBe(400);
      const headerOnly = await upload([image(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])), { name: 'title', value: 'Entête' }]);
      expect(headerOnly.statusCode).toBe(400);
      expect(files()).toEqual(before);
    });

    it('answers 413 above 10 MB', async () => {
      const before = files();
      const big = Buffer.alloc(GALLERY_MAX_BYTES + 1, 0x41);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const res = await upload([{ name: 'title', value: 'Trop lourde' }, image(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: FILE_TOO_LARGE, code: 'payload_too_large' });
      // Title after the file: the request stops at the file.
      const after = await upload([image(big), { name: 'title', value: 'Trop lourde' }]);
      expect(after.statusCode).toBe(413);
      expect(files()).toEqual(before);
    });

    it('refuses a decompression bomb quickly, from its header', async () => {
      const bomb = await pixelBomb();
      expect(bomb.length).toBeLessThan(200);
      const started = Date.now();
      const res = await upload([image(bomb, 'bomb.png', 'image/png'), { name: 'title', value: 'Bombe' }]);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatch(/mégapixels/);
    });

    it('requires a file and a title', async () => {
      const noFile = await upload([{ name: 'title', value: 'Sans fichier' }]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ error: NO_FILE, code: 'validation' });
      const emptyFile = await upload([image(Buffer.alloc(0), ''), { name: 'title', value: 'Vide' }]);
      expect(emptyFile.statusCode).toBe(400);
      expect(emptyFile.json()).toEqual({ error: NO_FILE, code: 'validation' });
      const json = await t.inject({ method: 'POST', url: '/api/gallery', token, payload: { title: 'JSON' } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ error: NO_FILE, code: 'validation' });
      const jpeg = await solid(100, 100).jpeg().toBuffer();
      for (const title of [undefined, '', '   ']) {
        const res = await upload([image(jpeg), ...(title === undefined ? [] : [{ name: 'title', value: title }])]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'Veuillez saisir un titre', code: 'validation' });
      }
    });

    it('refuses a second file and a malformed multipart body with 4xx', async () => {
      const jpeg = await solid(100, 100).jpeg().toBuffer();
      const two = await upload([image(jpeg), image(jpeg, 'b.jpg'), { name: 'title', value: 'Deux' }]);
      expect(two.statusCode).toBeGreaterThanOrEqual(400);
      expect(two.statusCode).toBeLessThan(500);
      const cut = await multipart([image(jpeg), { name: 'title', value: 'x' }]);
      const res = await t.inject({
        method: 'POST',
        url: '/api/gallery',
        token,
        headers: cut.headers,
        payload: cut.payload.subarray(0, cut.payload.length - 60),
      });
      expect(res.statusCode).toBe(400);
      const garbage = await t.inject({
        method: 'POST',
        url: '/api/gallery',
        token,
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: 'not multipart at all',
      });
      expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
      expect(garbage.statusCode).toBeLessThan(500);
    });

    it('needs a valid token (401) and writes nothing', async () => {
      const before = files();
      const res = await upload([image(await solid(100, 100).jpeg().toBuffer()), { name: 'title', value: 'Anonyme' }], null);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().error).toBe('string');
      expect(files()).toEqual(before);
    });

    it('counts uploads in the gallery_image_uploaded statistic', async () => {
      const count = async () => {
        const rows = await t.app.ctx.db.selectFrom('daily_stats').select('value').where('metric', '=', 'gallery_image_uploaded').execute();
        return rows.reduce((s, r) => s + Number(r.value), 0);
      };
      const before = await count();
      const res = await upload([image(await solid(100, 100).jpeg().toBuffer()), { name: 'title', value: 'Stat' }]);
      expect(res.statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });

  describe('serving the files', () => {
    it('serves /uploads/gallery/<file> as image/webp with an immutable one-year cache', async () => {
      const item = (await upload([image(await solid(500, 500).jpeg().toBuffer()), { name: 'title', value: 'Servie' }])).json();
      const res = await t.inject({ method: 'GET', url: item.imageUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(res.headers['cache-control']).toMatch(/immutable/);
      expect(res.rawPayload.equals(fs.readFileSync(fileOf(item.imageUrl)))).toBe(true);
    });
  });

  describe('POST /api/gallery/instagram', () => {
    const post = (payload: Record<string, unknown>, auth: string | null = token) =>
      t.inject({ method: 'POST', url: '/api/gallery/instagram', token: auth ?? undefined, payload });
    const base = { title: 'Post Instagram', description: '', category: '', imageUrl: '', filename: '' };

    it('accepts the link shapes of SPEC §5 and stores the link as the image when none is given', async () => {
      for (const link of [
        'https://www.instagram.com/p/CxYz_12-ab/',
        'https://instagram.com/p/abc123',
        'https://www.instagram.com/gym.user_1/p/abc/',
        'https://instagram.com/someone/p/A-b_C',
      ]) {
        const res = await post({ ...base, instagramUrl: link });
        expect(res.statusCode, `${link}: ${res.body}`).toBe(201);
        expect(res.json()).toMatchObject({
          title: 'Post Instagram',
          description: null,
          category: 'general',
          instagramUrl: link,
          imageUrl: link,
          filename: null,
          width: null,
          height: null,
          variants: [],
        });
      }
      const withImage = await post({
        ...base,
        instagramUrl: 'https://www.instagram.com/p/xyz/',
        imageUrl: 'https://cdn.example.com/a.jpg',
        category: 'events',
      });
      expect(withImage.statusCode).toBe(201);
      expect(withImage.json()).toMatchObject({ imageUrl: 'https://cdn.example.com/a.jpg', category: 'events' });
    });

    it('refuses other links with the SPEC text', async () => {
      for (const link of [
        'http://instagram.com/p/abc',
        'https://www.instagram.com/reel/abc/',
        'https://www.instagram.com/p/',
        'https://instagram.com/p/abc/extra',
        'https://evil.example.com/instagram.com/p/abc',
        'https://www.instagram.com.evil.com/p/abc',
        'https://www.instagram.com/a/b/p/abc',
        'https://www.instagram.com/p/abc?x=1',
        '',
      ]) {
        const res = await post({ ...base, instagramUrl: link });
        expect(res.statusCode, link).toBe(400);
        expect(res.json(), link).toEqual({ error: 'Veuillez saisir un lien Instagram valide', code: 'validation' });
      }
    });

    it('validates the title and the types, and needs a token', async () => {
      const noTitle = await post({ ...base, title: '  ', instagramUrl: 'https://instagram.com/p/abc' });
      expect(noTitle.statusCode).toBe(400);
      expect(noTitle.json()).toEqual({ error: 'Veuillez saisir un titre', code: 'validation' });
      for (const bad of [
        { ...base, instagramUrl: 42 },
        { ...base, title: ['a'], instagramUrl: 'https://instagram.com/p/abc' },
        { ...base, instagramUrl: 'https://instagram.com/p/abc', imageUrl: {} },
      ]) {
        const res = await post(bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const badImage = await post({ ...base, instagramUrl: 'https://instagram.com/p/abc', imageUrl: 'javascript:alert(1)' });
      expect(badImage.statusCode).toBe(400);
      expect(badImage.json()).toEqual({ error: "Impossible d'extraire l'image du lien Instagram", code: 'validation' });
      const malformed = await t.inject({
        method: 'POST',
        url: '/api/gallery/instagram',
        token,
        headers: { 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(malformed.statusCode).toBe(400);
      expect((await post({ ...base, instagramUrl: 'https://instagram.com/p/abc' }, null)).statusCode).toBe(401);
    });
  });

  describe('PUT and DELETE /api/gallery/{id}', () => {
    it('updates title, description and category', async () => {
      const item = (
        await upload([image(await solid(500, 400).jpeg().toBuffer()), { name: 'title', value: 'Avant' }, { name: 'category', value: 'bjj' }])
      ).json();
      const res = await t.inject({
        method: 'PUT',
        url: `/api/gallery/${item.id}`,
        token,
        payload: { title: ' Après ', description: 'Nouvelle description', category: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...item, title: 'Après', description: 'Nouvelle description', category: 'general', version: item.version + 1 });
      const listed = (await t.inject({ method: 'GET', url: '/api/gallery' })).json().find((i: { id: number }) => i.id === item.id);
      expect(listed.title).toBe('Après');
    });

    it('validates the body, 404s unknown ids, 400s odd ids, 401s without a token', async () => {
      const item = (
        await t.inject({ method: 'POST', url: '/api/gallery/instagram', token, payload: { title: 'Edit', instagramUrl: 'https://instagram.com/p/edit' } })
      ).json();
      const noTitle = await t.inject({ method: 'PUT', url: `/api/gallery/${item.id}`, token, payload: { title: '', category: 'x' } });
      expect(noTitle.statusCode).toBe(400);
      expect(noTitle.json()).toEqual({ error: 'Veuillez saisir un titre', code: 'validation' });
      for (const payload of [{ title: 5 }, { title: 'ok', category: 7 }, { title: 'ok', description: true }, []]) {
        expect((await t.inject({ method: 'PUT', url: `/api/gallery/${item.id}`, token, payload: payload })).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await t.inject({ method: 'PUT', url: `/api/gallery/${item.id}`, payload: { title: 'x' } })).statusCode).toBe(401);
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}` })).statusCode).toBe(401);

      const missing = await t.inject({ method: 'PUT', url: '/api/gallery/999999', token, payload: { title: 'x' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Image introuvable', code: 'not_found' });
      expect((await t.inject({ method: 'DELETE', url: '/api/gallery/999999', token })).statusCode).toBe(404);
      for (const odd of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20']) {
        for (const method of ['PUT', 'DELETE'] as const) {
          const res = await t.inject({ method, url: `/api/gallery/${odd}`, token, ...(method === 'PUT' ? { payload: { title: 'x' } } : {}) });
          expect([400, 404], `${method} ${odd}`).toContain(res.statusCode);
        }
      }
    });

    it('deletes the item (204, then 404), and the purge its files once it can no longer be restored', async () => {
      const item = (await upload([image(await solid(1700, 900).png().toBuffer(), 'a.png'), { name: 'title', value: 'À supprimer' }])).json();
      const paths = item.variants.map((v: { url: string }) => fileOf(v.url));
      expect(paths).toHaveLength(3);
      for (const p of paths) expect(fs.existsSync(p)).toBe(true);
      const res = await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await t.inject({ method: 'GET', url: '/api/gallery' })).json().some((i: { id: number }) => i.id === item.id)).toBe(false);
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, token })).statusCode).toBe(404);
      // Restorable (soft delete) until the purge, which runs after the restore window.
      for (const p of paths) expect(fs.existsSync(p)).toBe(true);
      expect(await purgeDeletedGalleryItems(t.app.ctx)).toBe(0);
      expect(await purgeDeletedGalleryItems(t.app.ctx, new Date(Date.now() + GALLERY_RESTORE_WINDOW_MS + 1000))).toBeGreaterThanOrEqual(1);
      for (const p of paths) expect(fs.existsSync(p)).toBe(false);
      expect((await t.inject({ method: 'GET', url: item.imageUrl })).statusCode).toBe(404);
      // An Instagram item has no files; deleting it is fine too.
      const ig = (
        await t.inject({ method: 'POST', url: '/api/gallery/instagram', token, payload: { title: 'IG', instagramUrl: 'https://instagram.com/p/del' } })
      ).json();
      expect((await t.inject({ method: 'DELETE', url: `/api/gallery/${ig.id}`, token })).statusCode).toBe(204);
    });
  });

  describe('GET /api/gallery', () => {
    it('is public, newest first, drops items with neither URL, and reflects writes at once', async () => {
      const first = await t.inject({ method: 'GET', url: '/api/gallery' });
      expect(first.statusCode).toBe(200);
      const hidden = await t.app.ctx.db
        .insertInto('gallery_items')
        .values({
          title: 'Sans image',
          description: null,
          category: 'general',
          image_url: null,
          instagram_url: null,
          filename: null,
          width: null,
          height: null,
          variants: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const blank = await t.app.ctx.db
        .insertInto('gallery_items')
        .values({
          title: 'Vide',
          description: null,
          category: 'general',
          image_url: '',
          instagram_url: '',
          filename: null,
          width: null,
          height: null,
          variants: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = (
        await t.inject({
          method: 'POST',
          url: '/api/gallery/instagram',
          token,
          payload: { title: 'Le plus récent', instagramUrl: 'https://instagram.com/p/newest' },
        })
      ).json();
      const list = (await t.inject({ method: 'GET', url: '/api/gallery' })).json<
        { id: number; createdAt: string; imageUrl: string | null; instagramUrl: string | null }[]
      >();
      expect(list[0].id).toBe(created.id);
      const ids = list.map((i) => i.id);
      expect(ids).not.toContain(Number(hidden.id));
      expect(ids).not.toContain(Number(blank.id));
      for (const i of list) expect(Boolean(i.imageUrl || i.instagramUrl)).toBe(true);
      for (let k = 1; k < list.length; k++) expect(list[k - 1].createdAt >= list[k].createdAt).toBe(true);
      // A signed-in caller gets the same list.
      expect((await t.inject({ method: 'GET', url: '/api/gallery', token })).json()).toEqual(list);
    });
  });

  describe('demo content', () => {
    it('seeds six demo images through the same pipeline, once', async () => {
      const fresh = await createTestApp(backend);
      try {
        expect(await seedDemoGallery(fresh.app.ctx)).toBe(6);
        const list = (await fresh.inject({ method: 'GET', url: '/api/gallery' })).json();
        expect(list).toHaveLength(6);
        expect(list[0].title).toMatch(/Muay Thai/);
        expect(new Set(list.map((i: { category: string }) => i.category)).size).toBe(6);
        for (const item of list) {
          expect(item.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1600]);
          expect([item.width, item.height]).toEqual([1600, 1067]);
          expect(item.description).toBeTruthy();
          const res = await fresh.inject({ method: 'GET', url: item.imageUrl });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('image/webp');
        }
        expect(await seedDemoGallery(fresh.app.ctx)).toBe(0);
        const stats = await fresh.app.ctx.db.selectFrom('daily_stats').selectAll().where('metric', '=', 'gallery_image_uploaded').execute();
        expect(stats).toHaveLength(0);
      } finally {
        await fresh.close();
      }
    });
  });
});
