import type { Readable } from 'node:stream';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { GALLERY_ACCEPTED_TYPES, GALLERY_MAX_BYTES } from '../../shared/constants';
import { HttpError, badRequest, payloadTooLarge } from '../errors';
import { zodValidatorCompiler } from '../lib/validation';
import { FILE_TOO_LARGE } from './gallery.service';

/** The `image` part of an upload form, as the API document describes it (the gallery's and the site images'). */
export const imageFileField = z
  .file()
  .mime([...GALLERY_ACCEPTED_TYPES])
  .max(GALLERY_MAX_BYTES)
  .describe('The image (JPG, PNG, GIF or WebP, 10 MB at most); stored as WebP variants');

/**
 * An upload's body is a multipart stream the handler reads itself (readUploadForm: file
 * limits, then the text fields through their schema): the validator leaves it alone and
 * checks the rest (params, query) with zod.
 */
export const leaveMultipartBody: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart === 'body') return () => ({ value: undefined });
  const { schema } = route;
  if (!(schema instanceof z.ZodType)) throw new Error(`${route.method} ${route.url}: ${route.httpPart} schema is not a zod schema`);
  return zodValidatorCompiler({ ...route, schema });
};

export interface UploadForm {
  /** First value of each text field (a JSON-typed part may give a non-string: the schema refuses it). */
  fields: Record<string, unknown>;
  /** The `image` part, or null when none (or an empty one) was sent. */
  file: { data: Buffer; filename: string | null } | null;
}

type FileStream = Readable & { truncated?: boolean };

/**
 * Reads the file into memory, at most `maxBytes` (the multipart limit stops the stream
 * there). Going over ends the read at once with a 413 instead of draining the rest.
 */
async function readCapped(file: FileStream, maxBytes: number): Promise<Buffer> {
  const tooLarge = payloadTooLarge(FILE_TOO_LARGE);
  file.once('limit', () => file.destroy(tooLarge));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    if (size > maxBytes || file.truncated) throw tooLarge;
    chunks.push(chunk as Buffer);
  }
  if (file.truncated) throw tooLarge;
  return Buffer.concat(chunks, size);
}

/**
 * After a refusal part-way through the body (413), the parser stops reading. A paused
 * socket never sees its client leave, so the connection would stay open until the request
 * timeout (60 s), holding up app.close() and a SIGTERM shutdown, and a client that reads the
 * answer only after sending everything would wait as long. The rest of the body is read and
 * dropped instead, as Node does for a body no handler read: memory stays flat, the client's
 * disconnect is seen at once, and requestTimeout still bounds how long a client may send.
 */
function discardRestOfBody(req: FastifyRequest) {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.on('data', () => {});
  raw.resume();
}

/** Text fields and the `image` file of a multipart form, in whatever order they come. */
export async function readUploadForm(req: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, file: null };
  // A JSON or empty body has no file: the route answers "Veuillez sélectionner un fichier".
  if (!req.isMultipart()) return form;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || form.file) {
          // Not ours: consume it so the parser reaches the next part.
          part.file.resume();
          continue;
        }
        const data = await readCapped(part.file, maxBytes);
        if (data.length > 0) form.file = { data, filename: part.filename || null };
      } else {
        if (part.valueTruncated) throw badRequest(`${part.fieldname}: valeur trop longue`);
        if (!Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    discardRestOfBody(req);
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(FILE_TOO_LARGE);
    if (code === 'FST_FILES_LIMIT') throw payloadTooLarge('Un seul fichier peut être envoyé à la fois');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw payloadTooLarge('Le formulaire contient trop de champs');
    // Anything else the parser raises comes from a malformed or cut-off request body.
    throw badRequest("Le formulaire d'envoi est invalide ou incomplet");
  }
  return form;
}
