// Service worker for push notifications: the back office's (staff) and My page's (travellers,
// decision 188: the url is their /{lang}/me). Payload (JSON): { title, body, url, tag }. A click
// opens or focuses url; a window of the other side (back office vs the site) is never taken over.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Nouvelle notification';
  // Only same-origin paths are followed on click.
  const url = typeof data.url === 'string' ? data.url : '/admin/dashboard';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      tag: data.tag || undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let target;
  try {
    target = new URL(event.notification.data?.url || '/admin/dashboard', self.location.origin);
  } catch {
    target = new URL('/admin/dashboard', self.location.origin);
  }
  if (target.origin !== self.location.origin) target = new URL('/admin/dashboard', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).href === target.href && 'focus' in client) return client.focus();
      }
      const isAdmin = (u) => u.pathname === '/admin' || u.pathname.startsWith('/admin/');
      for (const client of windows) {
        const at = new URL(client.url);
        if (at.origin === target.origin && isAdmin(at) === isAdmin(target) && 'navigate' in client) {
          await client.focus();
          return client.navigate(target.href);
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
