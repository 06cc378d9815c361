/*
 * The admin's worker, scoped to /admin (docs/decisions/060-installable-admin-and-push.md).
 * It keeps the admin's shell (its stylesheet, script and icons) for a quicker start from
 * the home screen, never a page or an answer: admin data is not cached. It shows the
 * push notifications and opens the page each one points at.
 */
const SHELL = 'admin-shell-v1';
const isShell = (url) =>
  url.origin === self.location.origin && (/^\/assets\/admin[-.]/.test(url.pathname) || url.pathname.startsWith('/icons/admin-'));

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('admin-shell-') && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !isShell(url)) return;
  // The shell's files are named by their content's hash: a cached one is always right.
  event.respondWith(
    caches.open(SHELL).then((cache) =>
      cache.match(event.request).then(
        (hit) =>
          hit ||
          fetch(event.request).then((res) => {
            if (res.ok) cache.put(event.request, res.clone());
            return res;
          }),
      ),
    ),
  );
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Admin', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/admin-192.png',
      badge: '/icons/admin-192.png',
      data: { url: message.url || '/admin' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/admin', self.location.origin);
  if (target.origin !== self.location.origin || !target.pathname.startsWith('/admin')) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/admin'));
      if (open) return open.navigate(target.href).then((w) => (w || open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
