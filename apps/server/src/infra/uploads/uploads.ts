import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, UPLOAD_MSG, VIDEO_MAX_BYTES, type ChatMediaType } from '@jara/shared';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Storage } from '../storage/storage.js';

type MediaMime =
  'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'video/mp4' | 'video/webm' | 'video/quicktime';

interface DetectedMedia {
  kind: ChatMediaType;
  mime: MediaMime;
}

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/**
 * The media type from the file's first bytes, whatever its name or the browser claims.
 * Only the formats the chat accepts are recognised; anything else (HTML, SVG, executables) is null.
 */
function detectMedia(buf: Buffer): DetectedMedia | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png' };
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp' };
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return { kind: 'image', mime: 'image/gif' };
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: Matroska and WebM share the header; only the WebM doc type is taken.
    return buf.subarray(0, 64).includes(Buffer.from('webm')) ? { kind: 'video', mime: 'video/webm' } : null;
  }
  if (ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
    // Image brands in an ISO box (HEIC, AVIF) are not videos.
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return { kind: 'video', mime: 'video/mp4' };
  }
  return null;
}

const VIDEO_EXT: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' };
const PDF_MAX_BYTES = 10 * 1024 * 1024;

const isPdf = (buf: Buffer) => buf.subarray(0, 5).toString('latin1') === '%PDF-';

export interface StoredMedia {
  key: string;
  kind: ChatMediaType;
  mime: string;
  bytes: number;
}

export interface UploadedFile {
  data: Buffer;
  /** True when the file was longer than the largest size read. */
  truncated: boolean;
  filename: string;
}

/** Whether the upload's bytes are an image the chat takes (JPEG, PNG, WebP, GIF), whatever it claims to be. */
export function isImageUpload(file: UploadedFile): boolean {
  return detectMedia(file.data)?.kind === 'image';
}

/**
 * Checks an upload by its bytes and size, re-encodes images to WebP (which drops EXIF, GPS
 * and any trailing payload) and stores it under a server-made name in `folder`.
 */
export async function storeMedia(
  storage: Storage,
  folder: 'chat' | 'contact',
  file: UploadedFile,
): Promise<StoredMedia> {
  const detected = detectMedia(file.data);
  if (!detected) throw badRequest(UPLOAD_MSG.badType, 'unsupported_media');
  return storeDetected(storage, folder, file, detected);
}

/**
 * The contact form also takes a PDF (a receipt, a statement), checked by its header and stored
 * as is; it is only ever served to support agents as a download.
 */
export async function storeContactAttachment(
  storage: Storage,
  file: UploadedFile,
): Promise<{ key: string; kind: ChatMediaType | 'document'; mime: string; bytes: number }> {
  if (isPdf(file.data)) {
    if (file.truncated || file.data.length > PDF_MAX_BYTES)
      throw new AppError(413, 'file_too_large', UPLOAD_MSG.documentTooLarge);
    const key = `contact/${randomUUID()}.pdf`;
    await storage.put(key, file.data);
    return { key, kind: 'document', mime: 'application/pdf', bytes: file.data.length };
  }
  const detected = detectMedia(file.data);
  if (!detected) throw badRequest(UPLOAD_MSG.contactBadType, 'unsupported_media');
  return storeDetected(storage, 'contact', file, detected);
}

async function storeDetected(
  storage: Storage,
  folder: 'chat' | 'contact',
  file: UploadedFile,
  detected: DetectedMedia,
): Promise<StoredMedia> {
  if (detected.kind === 'image') {
    if (file.truncated || file.data.length > IMAGE_MAX_BYTES)
      throw new AppError(413, 'file_too_large', UPLOAD_MSG.imageTooLarge);
    let out: Buffer;
    try {
      out = await sharp(file.data, {
        animated: detected.mime === 'image/gif' || detected.mime === 'image/webp',
        limitInputPixels: 50_000_000,
      })
        .rotate()
        .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw badRequest(UPLOAD_MSG.unreadable, 'unreadable_image');
    }
    const key = `${folder}/${randomUUID()}.webp`;
    await storage.put(key, out);
    return { key, kind: 'image', mime: 'image/webp', bytes: out.length };
  }
  if (file.truncated || file.data.length > VIDEO_MAX_BYTES)
    throw new AppError(413, 'file_too_large', UPLOAD_MSG.videoTooLarge);
  const key = `${folder}/${randomUUID()}.${VIDEO_EXT[detected.mime]}`;
  await storage.put(key, file.data);
  return { key, kind: 'video', mime: detected.mime, bytes: file.data.length };
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart form: text fields (too long → refused) and at most one file, read up to
 * the video limit (anything longer is marked truncated and the rest discarded).
 */
export async function readMultipartForm(
  req: FastifyRequest,
  opts: { fileField: string; fieldMaxBytes?: number; tooLongMessage?: string },
): Promise<MultipartForm> {
  if (!req.isMultipart()) throw badRequest('Send the form as multipart/form-data.', 'not_multipart');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const parts = req.parts({
    limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 12, fieldSize: opts.fieldMaxBytes ?? 30_000, parts: 13 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField || file) {
          part.file.resume();
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        // An empty file input (no file chosen) arrives as a part with no bytes.
        if (data.length || part.filename)
          file = data.length ? { data, truncated: part.file.truncated, filename: part.filename } : null;
      } else {
        if (part.valueTruncated) throw badRequest(opts.tooLongMessage ?? 'A field is too long.', 'field_too_long');
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('Too many fields or files in the form.', 'too_many_parts');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', UPLOAD_MSG.videoTooLarge);
    throw err;
  }
  return { fields, file };
}
