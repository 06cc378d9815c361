import type { Encoding } from './responses.ts';

const encodingCache = new Map<string, readonly Encoding[]>();
const NO_ENCODING: readonly Encoding[] = Object.freeze([]);

/**
 * The compressed encodings a client accepts, best first. Identity is always the fallback:
 * answering 406 to a client that refuses identity helps nobody.
 */
export function acceptedEncodings(header: string | null | undefined): readonly Encoding[] {
  if (!header) return NO_ENCODING;
  const cached = encodingCache.get(header);
  if (cached) return cached;

  let br: number | undefined;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [rawCoding, ...params] = part.split(';');
    const coding = rawCoding!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key!.trim().toLowerCase() === 'q') {
        const parsed = Number.parseFloat(value ?? '');
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === '*') star = q;
  }
  const qBr = br ?? star ?? 0;
  const qGzip = gzip ?? star ?? 0;
  const result: Encoding[] = [];
  if (qBr > 0 && qBr >= qGzip) result.push('br');
  if (qGzip > 0) result.push('gzip');
  if (qBr > 0 && qBr < qGzip) result.push('br');
  const frozen = Object.freeze(result);
  // Real clients send a handful of distinct headers; the bound stops a hostile client growing the map.
  if (encodingCache.size >= 256) encodingCache.clear();
  encodingCache.set(header, frozen);
  return frozen;
}

/** If-None-Match against one strong ETag, using the weak comparison RFC 9110 prescribes for GET/HEAD. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*') return true;
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

export function pick<T>(entry: { identity: T; br?: T; gzip?: T }, acceptEncoding: string | null | undefined): T {
  if (entry.br === undefined && entry.gzip === undefined) return entry.identity;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = entry[encoding];
    if (variant !== undefined) return variant;
  }
  return entry.identity;
}

export function decodePath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}
