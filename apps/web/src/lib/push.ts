import type {
  MessageAnswer,
  PushPublicKeyAnswer,
  PushSubscriptionInput,
  PushUnsubscribedAnswer,
  PushUnsubscribeInput,
} from '@jara/shared';
import { t as translate } from '../i18n';
import { api } from './api-client';
import { readJson, writeJson } from './storage';
import { SW_URL } from './pwa';

/**
 * Web push on this browser: permission is asked only when the user taps "Turn on
 * notifications" (offered after their first order or dispatch), never on page load.
 */

const ASKED_KEY = 'jara.push.prompt';

const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(translate('common', 'common.pushNoAnswer'))), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registration that receives pushes: the site's existing one (e.g. the PWA's), else ours. */
async function registration(register: boolean): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing || !register) return existing ?? null;
  await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration(false);
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The user dismissed or answered the offer on this browser: do not offer it again. */
export const promptDismissed = () => readJson<boolean>(ASKED_KEY, false);
export const dismissPrompt = () => writeJson(ASKED_KEY, true);

/** Asks for permission (a user gesture), subscribes with the server's VAPID key and saves it on the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = (await registration(true))!;
  const { publicKey } = await api.get<PushPublicKeyAnswer>('/api/push/public-key');
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, publicKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  // A browser that cannot reach its push service never answers: give up instead of spinning.
  sub ??= await withTimeout(
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  await api.post<MessageAnswer, typeof PushSubscriptionInput>(
    '/api/push/subscriptions',
    sub.toJSON() as PushSubscriptionInput,
  );
  return 'on';
}

export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const sub = await (await registration(false))?.pushManager.getSubscription();
  if (!sub) return;
  await api
    .delete<PushUnsubscribedAnswer, typeof PushUnsubscribeInput>('/api/push/subscriptions', { endpoint: sub.endpoint })
    .catch(() => undefined);
  await sub.unsubscribe();
}

function sameKey(sub: PushSubscription, publicKey: string): boolean {
  const key = sub.options.applicationServerKey;
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = base64UrlToBytes(publicKey);
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}
