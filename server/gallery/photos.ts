/**
 * A photo uploaded from the admin becomes what the site serves: its type read from
 * its bytes (file-type), never from its name; its size and pixel count limited
 * (sharp's limitInputPixels, before any decoding); turned upright and re-encoded to
 * AVIF and WebP at the site's image widths with every piece of metadata left behind
 * (a photo's GPS position is a customer's home). What is refused says why in plain
 * words (docs/decisions/062-photo-uploads.md).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

/** The widths the site serves images at (build/images.ts uses the same). */
export const PHOTO_WIDTHS = [480, 768, 1024, 1280] as const;

export const PHOTO_LIMITS = {
  /** One photo's file: a phone's camera photo is 2 to 8 MB. */
  maxBytes: 20 * 1024 * 1024,
  /** 48 megapixels: the largest phone sensors; a larger image is refused before it is decoded. */
  maxPixels: 48_000_000,
  /** Too small to show at the gallery's smallest width without looking blurred. */
  minWidth: 480,
  /** Photos per upload (a project's before and after, with a few to spare). */
  maxFiles: 8,
} as const;

const ACCEPTED = new Map([
  ['image/jpeg', 'JPEG'],
  ['image/png', 'PNG'],
  ['image/webp', 'WebP'],
]);

export interface PhotoVariant {
  format: 'avif' | 'webp';
  width: number;
  height: number;
  bytes: Buffer;
}

export type PhotoResult = { ok: true; width: number; height: number; variants: PhotoVariant[] } | { ok: false; reason: string };

const refuse = (reason: string): PhotoResult => ({ ok: false, reason });

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** True when the bytes start like markup (an SVG or HTML file has no magic number). */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

/**
 * The comment segments (COM) of a JPEG, read up to the start of the image data:
 * text a browser never shows, and where markup is hidden to be served back later.
 */
export function jpegComments(bytes: Buffer): string[] {
  const comments: string[] = [];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Padding bytes between segments.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of scan: the image data follows, no more segments to read.
    if (marker === 0xda || marker === 0xd9) break;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) break;
    if (marker === 0xfe) comments.push(bytes.subarray(at + 4, at + 2 + length).toString('latin1'));
    at += 2 + length;
  }
  return comments;
}

const MARKUP = /<\s*[a-z!/?]/i;

/** Checks one uploaded file and makes what the site serves of it. */
// Long because each refusal is a step with its own words; split, the order of the checks would be harder to see.
export async function processPhoto(bytes: Buffer): Promise<PhotoResult> {
  if (bytes.length === 0) return refuse('The file is empty. Choose the photo again.');
  if (bytes.length > PHOTO_LIMITS.maxBytes) {
    return refuse(
      `The photo is ${megabytes(bytes.length)}; at most ${megabytes(PHOTO_LIMITS.maxBytes)} can be uploaded. Send a smaller copy.`,
    );
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type) {
    return looksLikeMarkup(bytes)
      ? refuse('This is a drawing or web page (SVG or HTML), not a photo. Upload a JPEG, PNG or WebP photo.')
      : refuse('This file is not a photo the site can use. Upload a JPEG, PNG or WebP photo.');
  }
  if (type.mime === 'image/heic' || type.mime === 'image/heif' || type.ext === 'heic') {
    return refuse(
      'This photo is in the iPhone’s HEIC format, which browsers cannot show. Choose it from the photo library in the upload button (the phone converts it), or set Camera → Formats → Most Compatible.',
    );
  }
  if (type.mime === 'application/pdf') return refuse('This is a PDF document, not a photo. Upload a JPEG, PNG or WebP photo.');
  if (!ACCEPTED.has(type.mime)) {
    return refuse(`This file is ${type.ext.toUpperCase()}, not a photo the site can use. Upload a JPEG, PNG or WebP photo.`);
  }
  if (type.mime === 'image/jpeg' && jpegComments(bytes).some((c) => MARKUP.test(c))) {
    return refuse(
      'This photo carries hidden text that looks like web code, so it was not accepted. Export it again from the camera or photo app.',
    );
  }
  const image = () => sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    // The header alone, never decoded: the pixel limit is checked on what it says before anything else reads the image.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse('The photo could not be read: the file may be damaged. Choose it again or take a new one.');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > PHOTO_LIMITS.maxPixels) {
    return refuse(
      `The photo is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels can be uploaded.`,
    );
  }
  if ((meta.comments ?? []).some((c) => MARKUP.test(c.text))) {
    return refuse(
      'This photo carries hidden text that looks like web code, so it was not accepted. Export it again from the camera or photo app.',
    );
  }
  // Turned upright by its EXIF orientation first: the re-encoded files carry no EXIF to turn them.
  const upright = meta.orientation && meta.orientation >= 5 ? { width: height, height: width } : { width, height };
  if (upright.width < PHOTO_LIMITS.minWidth) {
    return refuse(
      `The photo is ${upright.width} pixels wide; the gallery needs at least ${PHOTO_LIMITS.minWidth}. Upload the original photo.`,
    );
  }
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= upright.width);
  const variants: PhotoVariant[] = [];
  try {
    for (const w of widths) {
      const h = Math.round((upright.height * w) / upright.width);
      // sharp writes no metadata unless asked to (withMetadata/keepExif): EXIF, GPS, XMP, IPTC and comments stay behind.
      const resized = image().rotate().resize({ width: w, withoutEnlargement: true });
      const [avif, webp] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 76 }).toBuffer(),
      ]);
      variants.push({ format: 'avif', width: w, height: h, bytes: avif }, { format: 'webp', width: w, height: h, bytes: webp });
    }
  } catch {
    return refuse('The photo could not be converted: the file may be damaged. Choose it again or take a new one.');
  }
  return { ok: true, width: upright.width, height: upright.height, variants };
}
