/** The admin's service worker, which the admin script registers and push notifications arrive through. */
/** Where the admin's worker lives (at the root, so it may take the /admin scope) and its scope. */
export const ADMIN_WORKER = { script: '/admin-sw.js', scope: '/admin' } as const;
