import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { acceptedEncodings, etagMatches } from './negotiation.ts';
import { etagOf } from './responses.ts';

/**
 * A built page the server completed for this request (a filtered list, search results),
 * compressed and revalidated like the static pages: each encoding's bytes have their own tag.
 * `status` 429 is a page that says why it could not do what was asked.
 */
export function completedPage(
  c: Context,
  html: string,
  extraHeaders: Record<string, string> = {},
  status: 200 | 429 = 200,
): Response {
  const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0];
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(html)
        : Buffer.from(html);
  const headers = { 'cache-control': 'no-cache', vary: 'Accept-Encoding', etag: etagOf(body), ...extraHeaders };
  const ifNoneMatch = c.req.header('if-none-match');
  if (status === 200 && ifNoneMatch && etagMatches(ifNoneMatch, headers.etag)) return c.body(null, 304, headers);
  return c.body(body, status, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
}
