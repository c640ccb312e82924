/*
 * Jara web push handlers for a service worker — import with `importScripts('/sw-push.js')`
 * (or copy these two listeners into the PWA service worker).
 *
 * Contract with the server (apps/server/src/modules/push, PushPayload in packages/shared):
 *   every push message is JSON  { "title": string, "body": string, "url": string, "tag"?: string }
 *   encrypted (aes128gcm) and VAPID-signed by the server; the browser decrypts it.
 * This file:
 *   push              → registration.showNotification(title, { body, tag, data: { url } })
 *                       (a newer message with the same tag, e.g. `order-<id>`, replaces the older one)
 *   notificationclick → focuses an open Jara tab and takes it to `url`, or opens `url` in a new one.
 * `url` is always a path on this site; anything else is ignored and "/" is opened instead.
 */
/* eslint-env serviceworker */
(function () {
  'use strict';

  function sameOriginPath(url) {
    try {
      var u = new URL(url, self.location.origin);
      return u.origin === self.location.origin ? u.pathname + u.search + u.hash : '/';
    } catch (e) {
      return '/';
    }
  }

  self.addEventListener('push', function (event) {
    var data = {};
    try {
      data = event.data ? event.data.json() : {};
    } catch (e) {
      data = { body: event.data ? event.data.text() : '' };
    }
    var title = typeof data.title === 'string' && data.title ? data.title : 'Jara';
    var options = {
      body: typeof data.body === 'string' ? data.body : '',
      data: { url: sameOriginPath(typeof data.url === 'string' ? data.url : '/') },
      icon: '/favicon.svg',
      badge: '/favicon.svg',
    };
    if (typeof data.tag === 'string' && data.tag) {
      options.tag = data.tag;
      options.renotify = true;
    }
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener('notificationclick', function (event) {
    event.notification.close();
    var path = sameOriginPath((event.notification.data && event.notification.data.url) || '/');
    var target = new URL(path, self.location.origin).href;
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
        for (var i = 0; i < list.length; i++) {
          var client = list[i];
          if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
            return client.focus().then(function (c) {
              return c && 'navigate' in c ? c.navigate(target) : c;
            });
          }
        }
        return self.clients.openWindow(target);
      }),
    );
  });
})();
