/**
 * Which URLs belong to the admin area, for
 * the server's guard, the built files' lookup, the build's layout choice and the
 * admin's browser code alike: one rule, so they cannot disagree.
 */

/** GET /api/me answers `{ user, role }` for the signed-in administrator. */
export const ME_PATH = '/api/me';

/** True for `/admin` and everything under `/admin/` (the pages, the login page included). */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

/** True for the admin APIs: everything under `/api/admin/`, and `/api/me`. */
export function isAdminApiPath(path: string): boolean {
  return path === '/api/admin' || path.startsWith('/api/admin/') || path === ME_PATH;
}

const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid';

/**
 * `next` when it is a path on this site (a same-origin path, not an API), else
 * null. Refuses `//host` (also when dot segments resolve to it), `/\host`, schemes,
 * control characters and backslashes, which browsers may read as another site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048 || !next.startsWith('/') || next.startsWith('//')) return null;
  for (let i = 0; i < next.length; i++) {
    const code = next.charCodeAt(i);
    if (code < 0x21 || code === 0x7f || code === 0x5c) return null;
  }
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // Dot segments are resolved by the parse: `/..//evil.test` comes out as `//evil.test`, another site.
  if (url.pathname.startsWith('//')) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return url.pathname + url.search + url.hash;
}

/** The login page's address with `next` (when it is a safe path) as the way back. */
export function loginUrl(loginPath: string, next?: string | null): string {
  const back = safeNextPath(next);
  return back ? `${loginPath}?next=${encodeURIComponent(back)}` : loginPath;
}
