// GET /uploads/<area>/<name>: public images, from DATA_DIR/uploads (@fastify/static) or, with
// S3_BUCKET set, streamed from the bucket's 'uploads/' keys. Both answer alike: immutable
// one-year caching, an ETag and Last-Modified, 304 to a matching conditional request, 206 to
// one byte range, 404 for a missing file (the not-found handler's JSON).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { GetObjectCommand, HeadObjectCommand, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { closeS3Client, IMMUTABLE_CACHE_CONTROL, isMissingObject, s3ClientFor, statusOf, storageUnavailable } from './s3-storage';
import { isMediaName } from './storage';

const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const s3 = ctx.config.s3;
  if (!s3) {
    const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    // Upload file names are unique per content, so they never change: cache for a year.
    await app.register(fastifyStatic, { root: uploadsDir, prefix: '/uploads/', decorateReply: false, index: false, immutable: true, maxAge: YEAR_MS });
    return;
  }
  const client = s3ClientFor(s3);
  app.addHook('onClose', async () => closeS3Client(s3));

  // Files copied from disk and new ones alike; with S3_PUBLIC_BASE_URL new URLs point at the
  // bucket, and the old /uploads/ ones keep working through here.
  app.get('/uploads/*', async (req, reply) => {
    const m = /^\/uploads\/([a-z]+)\/([^/?#]+)$/.exec(req.url.split('?')[0]);
    if (!m || !isMediaName(m[2]) || !m[2].endsWith('.webp')) return notFound(reply);
    const key = `uploads/${m[1]}/${m[2]}`;
    const head = (range?: string) => client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key, Range: range }));
    try {
      let range = singleRange(req.headers.range);
      let stat: HeadObjectCommandOutput | null = null;
      // Conditions are decided here from the object's metadata, the way @fastify/static decides
      // them for a file: one HEAD first, then the body only when it is sent.
      // A suffix range (the last n bytes) is made absolute: not every S3-compatible server reads one.
      const suffix = range?.startsWith('bytes=-');
      const conditional = req.headers['if-none-match'] || req.headers['if-modified-since'] || (range && req.headers['if-range']);
      if (conditional || suffix || req.method === 'HEAD') {
        stat = await head();
        if (isFresh(req, stat)) {
          // As for a file: no Content-* headers on a 304.
          setHeaders(reply, stat);
          reply.removeHeader('content-type');
          return reply.code(304).send();
        }
        if (range && !rangeStillValid(req, stat)) range = undefined;
        if (range && suffix) range = absoluteSuffix(range, stat.ContentLength ?? 0);
        if (req.method === 'HEAD') {
          setHeaders(reply, stat);
          return reply
            .code(200)
            .header('content-length', String(stat.ContentLength ?? 0))
            .send();
        }
      }
      // IfMatch: the bytes sent are those of the metadata just checked.
      const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: range, IfMatch: stat?.ETag }));
      setHeaders(reply, res);
      if (res.ContentLength !== undefined) reply.header('content-length', String(res.ContentLength));
      if (range && res.ContentRange) reply.code(206).header('content-range', res.ContentRange);
      else reply.code(200);
      return reply.send(res.Body as Readable);
    } catch (err) {
      if (isMissingObject(err)) return notFound(reply);
      if (statusOf(err) === 416) {
        const size = (await head().catch(() => null))?.ContentLength;
        return reply
          .code(416)
          .header('content-range', `bytes */${size ?? '*'}`)
          .send();
      }
      throw storageUnavailable(err);
    }
  });
}

/** The same answer as for any missing path (web.routes.ts's not-found handler). */
function notFound(reply: FastifyReply) {
  reply.callNotFound();
  return reply;
}

function setHeaders(reply: FastifyReply, meta: { ETag?: string; LastModified?: Date }) {
  reply.header('accept-ranges', 'bytes').header('cache-control', IMMUTABLE_CACHE_CONTROL).type('image/webp');
  if (meta.ETag) reply.header('etag', meta.ETag);
  if (meta.LastModified) reply.header('last-modified', meta.LastModified.toUTCString());
}

/** One byte range in the forms S3 takes (several ranges, or another unit: the whole file, as @fastify/static does). */
function singleRange(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  return /^bytes=(\d+-\d*|-\d+)$/.test(value) ? value : undefined;
}

/** 'bytes=-n' as 'bytes=<size-n>-<size-1>'; the last 0 bytes of anything, or any bytes of nothing, cannot be given (416). */
function absoluteSuffix(range: string, size: number): string {
  const n = Number(range.slice('bytes=-'.length));
  return n > 0 && size > 0 ? `bytes=${Math.max(0, size - n)}-${size - 1}` : `bytes=${size}-`;
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** RFC 9110 §13.1.2 and §13.1.3: If-None-Match (weak comparison) wins over If-Modified-Since. */
function isFresh(req: FastifyRequest, stat: HeadObjectCommandOutput): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) {
    if (inm.trim() === '*') return true;
    if (!stat.ETag) return false;
    const etag = opaque(stat.ETag);
    return inm.split(',').some((t) => opaque(t.trim()) === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims && stat.LastModified) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(stat.LastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range: a range of a file that changed since would mix two versions; then the whole file goes. */
function rangeStillValid(req: FastifyRequest, stat: HeadObjectCommandOutput): boolean {
  const ifRange = req.headers['if-range'] as string | undefined;
  if (!ifRange) return true;
  if (ifRange.includes('"')) return Boolean(stat.ETag) && !ifRange.startsWith('W/') && ifRange === stat.ETag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && !!stat.LastModified && Math.floor(stat.LastModified.getTime() / 1000) <= Math.floor(date / 1000);
}
