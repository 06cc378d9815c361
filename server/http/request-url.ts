/**
 * The path and query of a request URL exactly as sent: Hono's `c.req.path` is
 * percent-decoded, and static lookup must see what the node:http fast path sees.
 */
export function splitRequestUrl(url: string): { path: string; search: string } {
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  if (pathStart === -1) return { path: '/', search: '' };
  const hash = url.indexOf('#', pathStart);
  const end = hash === -1 ? url.length : hash;
  const queryStart = url.indexOf('?', pathStart);
  if (queryStart === -1 || queryStart > end) return { path: url.slice(pathStart, end), search: '' };
  return { path: url.slice(pathStart, queryStart), search: url.slice(queryStart, end) };
}
