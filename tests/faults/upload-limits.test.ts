import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_MAX_BYTES } from '../../src/shared/constants';
import { CORRUPT_IMAGE, FILE_TOO_LARGE, UNSUPPORTED_FORMAT } from '../../src/server/gallery/gallery.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pixelBomb } from '../helpers/images';

// Hostile uploads to POST /api/gallery over real HTTP on loopback: a false extension, a
// truncated file, a 40 MB body and a pixel bomb are refused quickly and with bounded memory.
// Time is only ever compared with a normal upload in the same run, never with a wall clock.

const MB = 1024 * 1024;

/** An 800×600 photo-like JPEG (noise, so it is not trivially small). */
async function normalJpeg(): Promise<Buffer> {
  const raw = randomBytes(200 * 150 * 3);
  return sharp(raw, { raw: { width: 200, height: 150, channels: 3 } })
    .resize(800, 600)
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface Result {
  status: number;
  body: string;
  /** Body bytes the client had written when the answer's head arrived. */
  sentWhenAnswered: number;
  /** Highest RSS growth of this process (server and client) while the request ran. */
  rssGrowth: number;
  ms: number;
}

/**
 * One multipart upload over real HTTP. The file part is `fileSize` bytes from `fileHead`
 * followed by filler, streamed in 64 KB chunks with backpressure (the client never holds
 * the body); writing stops as soon as the server answers.
 */
function upload(port: number, token: string, opts: { fileHead: Buffer; fileSize?: number; filename: string; type: string }): Promise<Result> {
  const boundary = `----upload-limits-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nUpload limits\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${opts.filename}"\r\nContent-Type: ${opts.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileSize = opts.fileSize ?? opts.fileHead.length;
  const total = head.length + fileSize + tail.length;
  const filler = Buffer.alloc(64 * 1024, 0x41);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();

  return new Promise<Result>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let sentWhenAnswered = -1;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/gallery',
      // A fresh keep-alive connection each time, as a browser's: with "Connection: close" the
      // server closes the socket after its early answer and the client may read a reset.
      agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
    });
    const finish = (res: Omit<Result, 'rssGrowth' | 'ms' | 'sentWhenAnswered'>) => {
      clearInterval(sampler);
      agent.destroy();
      peak = Math.max(peak, process.memoryUsage().rss);
      resolve({ ...res, sentWhenAnswered, rssGrowth: peak - rss0, ms: performance.now() - started });
    };
    req.on('response', (res) => {
      answered = true;
      sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        // Stop sending what the server no longer wants.
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      // Writing into a connection the server closed after answering is expected.
      if (!answered) {
        clearInterval(sampler);
        reject(err);
      }
    });

    const write = (chunk: Buffer) =>
      new Promise<void>((ok) => {
        sent += chunk.length;
        if (req.write(chunk)) ok();
        else {
          const go = () => {
            req.off('close', go);
            req.off('drain', go);
            ok();
          };
          req.once('drain', go);
          req.once('close', go);
        }
      });
    void (async () => {
      await write(head);
      await write(opts.fileHead);
      let left = fileSize - opts.fileHead.length;
      while (left > 0 && !answered && !req.destroyed) {
        const n = Math.min(left, filler.length);
        await write(n === filler.length ? filler : filler.subarray(0, n));
        left -= n;
      }
      if (!answered && !req.destroyed) {
        await write(tail);
        req.end();
      }
    })();
  });
}

/** The server's open connections once they stop changing (polled, up to 5 s). */
async function openConnectionsSettle(t: TestApp): Promise<number> {
  const count = () => new Promise<number>((ok, ko) => t.app.server.getConnections((err, n) => (err ? ko(err) : ok(n))));
  let n = await count();
  for (let i = 0; i < 100 && n > 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    n = await count();
  }
  return n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('upload limits over real HTTP (sqlite)', () => {
  let t: TestApp;
  let token: string;
  let port: number;
  let jpeg: Buffer;
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads', 'gallery');
  const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = (await t.signIn('staff')).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
    jpeg = await normalJpeg();
    // Warm up sharp and the route, so the first measured upload is not paying for it.
    const warm = await upload(port, token, { fileHead: jpeg, filename: 'warm.jpg', type: 'image/jpeg' });
    expect(warm.status, warm.body).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a text file named photo.jpg with 415 and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload(port, token, { fileHead: Buffer.from('Just some notes, not a photo.\n'.repeat(40)), filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ error: UNSUPPORTED_FORMAT, code: 'unsupported_media_type' });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a truncated JPEG with 400 and stores nothing', async () => {
    const before = storedFiles();
    for (const keep of [0.5, 0.9]) {
      const res = await upload(port, token, { fileHead: jpeg.subarray(0, Math.floor(jpeg.length * keep)), filename: 'cut.jpg', type: 'image/jpeg' });
      expect(res.status, `${keep}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: CORRUPT_IMAGE, code: 'validation' });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('answers 413 to a 40 MB upload before it is all sent, without buffering it', async () => {
    const before = storedFiles();
    // Baseline: a tiny upload in the same process and run.
    const tiny = await upload(port, token, { fileHead: Buffer.from('tiny, not an image'), filename: 'tiny.jpg', type: 'image/jpeg' });
    expect(tiny.status).toBe(415);

    const size = 40 * MB;
    const big = await upload(port, token, { fileHead: jpeg.subarray(0, 1024), fileSize: size, filename: 'huge.jpg', type: 'image/jpeg' });
    expect(big.status, big.body).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ error: FILE_TOO_LARGE, code: 'payload_too_large' });
    // The answer came while most of the 40 MB was still unsent.
    expect(big.sentWhenAnswered).toBeGreaterThan(0);
    expect(big.sentWhenAnswered).toBeLessThan(size * 0.75);
    // Memory: far below the upload's size (at most the 10 MB limit is ever held), compared
    // with the tiny upload's growth in the same run.
    expect(big.rssGrowth - Math.max(0, tiny.rssGrowth), `RSS growth ${(big.rssGrowth / MB).toFixed(1)} MB`).toBeLessThan(30 * MB);
    expect(storedFiles()).toEqual(before);
    // The client hung up after the answer: the server notices and frees the connection
    // instead of keeping a stalled socket until the 60 s request timeout (which would also
    // hold up a graceful shutdown).
    expect(await openConnectionsSettle(t), 'connections still open after the client left').toBe(0);
    if (process.env.UPLOAD_LIMITS_DEBUG) console.log({ tiny: tiny.rssGrowth / MB, big: big.rssGrowth / MB, sentWhenAnswered: big.sentWhenAnswered / MB });

    // Just over the limit is refused too, and the server still takes a normal upload after.
    const over = await upload(port, token, { fileHead: jpeg.subarray(0, 1024), fileSize: GALLERY_MAX_BYTES + 1, filename: 'over.jpg', type: 'image/jpeg' });
    expect(over.status).toBe(413);
    const ok = await upload(port, token, { fileHead: jpeg, filename: 'after.jpg', type: 'image/jpeg' });
    expect(ok.status, ok.body).toBe(201);
  });

  it('refuses a pixel bomb (30000 × 30000 declared) with 4xx, about as fast as a normal upload, with bounded memory', async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(200);
    const before = storedFiles();
    const normal: number[] = [];
    const bombs: number[] = [];
    let bombGrowth = 0;
    // Alternate, so both see the same machine load; medians drop one-off stalls.
    for (let i = 0; i < 3; i++) {
      const n = await upload(port, token, { fileHead: jpeg, filename: `normal-${i}.jpg`, type: 'image/jpeg' });
      expect(n.status, n.body).toBe(201);
      normal.push(n.ms);
      const b = await upload(port, token, { fileHead: bomb, filename: 'bomb.png', type: 'image/png' });
      expect(b.status, b.body).toBeGreaterThanOrEqual(400);
      expect(b.status).toBeLessThan(500);
      expect(JSON.parse(b.body).error).toMatch(/mégapixels/);
      bombs.push(b.ms);
      bombGrowth = Math.max(bombGrowth, b.rssGrowth);
    }
    const ratio = median(bombs) / median(normal);
    if (process.env.UPLOAD_LIMITS_DEBUG) console.log({ bombs, normal, ratio, bombGrowth: bombGrowth / MB });
    expect(ratio, `bomb ${median(bombs).toFixed(1)} ms vs normal 800×600 ${median(normal).toFixed(1)} ms`).toBeLessThanOrEqual(5);
    // Decoding 900 megapixels would take gigabytes; refusing from the header takes next to none.
    expect(bombGrowth, `RSS growth ${(bombGrowth / MB).toFixed(1)} MB`).toBeLessThan(50 * MB);
    // Only the normal uploads' files were added.
    expect(storedFiles().filter((f) => !before.includes(f)).length).toBeGreaterThan(0);
    const items = (await t.inject({ method: 'GET', url: '/api/gallery', token })).json<{ filename: string }[]>();
    expect(items.some((i) => i.filename === 'bomb.png')).toBe(false);
  });
});
