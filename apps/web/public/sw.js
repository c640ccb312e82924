/*
 * Jara's service worker. For now it only carries web push (sw-push.js: the payload contract is
 * described there). The PWA service worker (offline shell, caching) replaces this file and keeps
 * the one line below, so notifications keep working.
 */
/* eslint-env serviceworker */
importScripts('/sw-push.js');

self.addEventListener('install', function () {
  self.skipWaiting();
});
self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});
