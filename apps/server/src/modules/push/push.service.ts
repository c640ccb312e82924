import webpush from 'web-push';
import {
  formatNaira,
  RIDER_ARRIVED,
  shownOptionName,
  type Language,
  type PushPayload,
  type PushSubscriptionInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { accountLanguage, findUserById } from '../auth/index.js';
import { shopsByIds, vendorOfUser } from '../catalogue/index.js';
import { messageForRecipients } from '../chat/index.js';
import { findDispatch } from '../dispatch/index.js';
import { itemOrders, orderWithItems } from '../orders/index.js';
import { riderCards } from '../rider/index.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './push.repo.js';
import { PUSH_SEND_JOB, type StatusPushPayload } from './queue.js';
import { t } from './push.messages.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'vapid';
const SEND_TIMEOUT_MS = 10_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Why a push was not delivered, and whether trying again can help. */
class PushSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * Web Push (RFC 8030/8291/8292) with the `web-push` library: VAPID signing and aes128gcm
 * encryption are its; we keep the subscriptions, pick who hears what, and send in background
 * jobs (never inside a transaction). Expired subscriptions (404/410) are removed.
 */
export class PushService {
  private keys: Promise<VapidKeys> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** The VAPID pair: from the environment, else the one kept in app_settings, made once by whichever instance comes first. */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= (async () => {
      if (this.ctx.config.push.vapid) return this.ctx.config.push.vapid;
      const kept = await repo.readSetting<VapidKeys>(this.ctx.db, VAPID_SETTING);
      if (kept) return kept;
      const made = webpush.generateVAPIDKeys();
      return repo.settleSetting(this.ctx.db, VAPID_SETTING, { publicKey: made.publicKey, privateKey: made.privateKey });
    })().catch((err: unknown) => {
      this.keys = null;
      throw err;
    });
    return this.keys;
  }

  /** An endpoint must be a known push service (https); loopback hosts only when listed (tests, local services). */
  checkEndpoint(endpoint: string): void {
    const url = new URL(endpoint);
    const host = url.hostname.toLowerCase();
    const listed = this.ctx.config.push.endpointHosts.some((h) => host === h || host.endsWith(`.${h}`));
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
    if (!listed || !secure || url.username || url.password)
      throw badRequest('This push service is not supported.', 'push_endpoint_not_allowed');
  }

  async subscribe(userId: string, input: PushSubscriptionInput, userAgent: string | null) {
    this.checkEndpoint(input.endpoint);
    if (
      Buffer.from(input.keys.p256dh, 'base64url').length !== 65 ||
      Buffer.from(input.keys.auth, 'base64url').length !== 16
    ) {
      throw badRequest('Invalid push subscription keys.', 'validation_failed');
    }
    return repo.upsertSubscription(this.ctx.db, {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
  }

  unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    return repo.deleteOwnSubscription(this.ctx.db, userId, endpoint);
  }

  /** One job per subscription of the user, so each browser is retried on its own. */
  async notifyUser(userId: string, payload: PushPayload): Promise<number> {
    const subs = await repo.subscriptionsOf(this.ctx.db, userId);
    for (const s of subs)
      await this.ctx.jobs.enqueue(
        this.ctx.db,
        PUSH_SEND_JOB,
        { subscriptionId: s.id, payload: { ...payload } },
        { maxAttempts: 5 },
      );
    return subs.length;
  }

  /**
   * Sends one encrypted, VAPID-signed message. 404/410: the subscription is gone, removed.
   * 429, 5xx and network failures throw to be retried by the job; other answers are dropped.
   */
  async sendOne(subscriptionId: string, payload: PushPayload): Promise<'sent' | 'expired' | 'dropped' | 'missing'> {
    const sub = await repo.findSubscription(this.ctx.db, subscriptionId);
    if (!sub) return 'missing';
    this.checkEndpoint(sub.endpoint);
    const keys = await this.vapidKeys();
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.ctx.config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([k]) => k.toLowerCase() !== 'content-length')
        .map(([k, v]) => [k, String(v)]),
    );
    let res: Response;
    try {
      res = await fetch(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      throw new PushSendError(
        `push service unreachable: ${err instanceof Error ? err.message : String(err)}`,
        null,
        true,
      );
    }
    if (res.status === 404 || res.status === 410) {
      await repo.deleteSubscription(this.ctx.db, sub.id);
      return 'expired';
    }
    if (res.status === 429 || res.status >= 500)
      throw new PushSendError(`push service answered ${res.status}`, res.status, true);
    if (res.status < 200 || res.status >= 300) {
      this.ctx.log.warn({ subscriptionId: sub.id, status: res.status }, 'push message refused');
      return 'dropped';
    }
    await repo.markSent(this.ctx.db, sub.id);
    return 'sent';
  }

  /**
   * The message for a status change, addressed to the order's or dispatch's customer. The
   * order, its shops and its rider are read from their modules, each in its own read (a job, off
   * any request).
   */
  async statusMessage(p: StatusPushPayload): Promise<{ userId: string; payload: PushPayload } | null> {
    const db = this.ctx.db;
    if (p.subjectType === 'dispatch') {
      const d = await findDispatch(db, p.subjectIds[0]!);
      if (!d) return null;
      if (p.status === 'Order Cancelled' && p.actorId === d.userId) return null; // they did it themselves
      // Written in the sender's language, as it is when the job runs.
      const lang = await accountLanguage(db, d.userId);
      const rider = await this.riderFirstName(d.riderId);
      const recipient =
        typeof d.dropoff.firstName === 'string' ? d.dropoff.firstName : t(lang, 'push.someone.theRecipient');
      const text: Record<string, () => [string, string]> = {
        'Order Placed': () => [t(lang, 'push.dispatch.placed.title'), t(lang, 'push.dispatch.placed.body')],
        'Order Assigned': () => [
          t(lang, 'push.dispatch.assigned.title'),
          t(lang, 'push.dispatch.assigned.body', { rider: rider ?? t(lang, 'push.someone.aRider') }),
        ],
        'Order Picked': () => [
          t(lang, 'push.dispatch.picked.title'),
          t(lang, 'push.dispatch.picked.body', { rider: rider ?? t(lang, 'push.someone.yourRider'), recipient }),
        ],
        [RIDER_ARRIVED]: () => [
          t(lang, 'push.dispatch.arrived.title'),
          t(lang, 'push.dispatch.arrived.body', { rider: rider ?? t(lang, 'push.someone.yourRider'), recipient }),
        ],
        'Order Delivered': () => [
          t(lang, 'push.dispatch.delivered.title'),
          t(lang, 'push.dispatch.delivered.body', { recipient }),
        ],
        'Order Cancelled': () => [
          t(lang, 'push.dispatch.cancelled.title'),
          p.note
            ? t(lang, 'push.dispatch.cancelled.bodyWithReason', { reason: p.note })
            : t(lang, 'push.dispatch.cancelled.body'),
        ],
        refunded: () => refunded(lang, p.note),
      };
      const words = text[p.status];
      if (!words) return null;
      const [title, body] = words();
      return { userId: d.userId, payload: { title, body, url: `/dispatch?id=${d.id}`, tag: `dispatch-${d.id}` } };
    }
    let orderId = p.subjectIds[0]!;
    let vendorName: string | null = null;
    if (p.subjectType === 'order_item') {
      const items = await itemOrders(db, p.subjectIds);
      const shops = await shopsByIds(
        db,
        items.map((i) => i.vendorId),
      );
      const sold = items.filter((i) => shops.has(i.vendorId));
      if (!sold[0]) return null;
      orderId = sold[0].orderId;
      vendorName = [...new Set(sold.map((i) => shops.get(i.vendorId)!.businessName))].join(', ');
    }
    const found = await orderWithItems(db, orderId);
    if (!found) return null;
    const o = found.order;
    if (p.status === 'Order Cancelled' && p.actorId === o.userId) return null;
    // Written in the customer's language, as it is when the job runs.
    const lang = await accountLanguage(db, o.userId);
    const rider = await this.riderFirstName(o.riderId);
    let declined = false;
    if (p.status === 'Order Cancelled' && p.actorId) {
      // Cancelled by a vendor of this order: they declined.
      const shop = await vendorOfUser(db, p.actorId);
      declined = Boolean(shop && found.items.some((i) => i.vendorId === shop.id));
    }
    const vendor = vendorName ?? t(lang, 'push.someone.theVendor');
    const text: Record<string, () => [string, string]> = {
      paid: () => [
        t(lang, 'push.order.paid.title'),
        t(lang, 'push.order.paid.body', { amount: formatNaira(o.amountKobo) }),
      ],
      'Order Confirmed': () => [
        t(lang, 'push.order.confirmed.title'),
        t(lang, 'push.order.confirmed.body', { vendor }),
      ],
      'Order Cancelled': () =>
        declined
          ? [
              t(lang, 'push.order.declined.title'),
              p.note
                ? t(lang, 'push.order.declined.bodyWithReason', { vendor, reason: p.note })
                : t(lang, 'push.order.declined.body', { vendor }),
            ]
          : [
              t(lang, 'push.order.cancelled.title'),
              p.note
                ? t(lang, 'push.order.cancelled.bodyWithReason', { reason: p.note })
                : t(lang, 'push.order.cancelled.body'),
            ],
      'Order Assigned': () => [
        t(lang, 'push.order.assigned.title'),
        t(lang, 'push.order.assigned.body', { rider: rider ?? t(lang, 'push.someone.aRider') }),
      ],
      'Order Picked': () => [
        t(lang, 'push.order.picked.title'),
        t(lang, 'push.order.picked.body', { rider: rider ?? t(lang, 'push.someone.yourRider') }),
      ],
      [RIDER_ARRIVED]: () => [
        t(lang, 'push.order.arrived.title'),
        t(lang, 'push.order.arrived.body', { rider: rider ?? t(lang, 'push.someone.yourRider') }),
      ],
      'Order Delivered': () => [t(lang, 'push.order.delivered.title'), t(lang, 'push.order.delivered.body')],
      refunded: () => refunded(lang, p.note),
    };
    const words = text[p.status];
    if (!words) return null;
    const [title, body] = words();
    return { userId: o.userId, payload: { title, body, url: `/my-orders?order=${o.id}`, tag: `order-${o.id}` } };
  }

  /**
   * The pushes for a chat message, each in its reader's language: a support agent's answer to the
   * conversation's customer; a message in an order thread to each of its other people.
   */
  async chatMessage(chatId: string, messageId: string): Promise<{ userId: string; payload: PushPayload }[]> {
    const row = await messageForRecipients(this.ctx.db, messageId);
    if (!row) return [];
    return Promise.all(
      row.recipients.map(async (userId) => {
        const lang = await accountLanguage(this.ctx.db, userId);
        const body = row.body ? clip(row.body) : t(lang, 'push.chat.media', { media: row.mediaType ?? 'file' });
        const thread = row.kind !== 'support' && row.subjectId;
        return {
          userId,
          payload: {
            title: thread
              ? t(lang, 'push.thread.title', { name: row.senderName, reference: row.subjectId!.slice(0, 8) })
              : t(lang, 'push.chat.title', { agent: row.senderName }),
            body,
            url: thread ? `/threads/${row.kind}/${row.subjectId}` : '/?contact=true',
            tag: `chat-${chatId}`,
          },
        };
      }),
    );
  }

  /**
   * A paid order's news for each shop owner in it, in the owner's language: their items still
   * waiting for them (one confirmed or cancelled before the job ran is not news). Tagged by order,
   * so a phone shows one notification per order however often it is sent.
   */
  async vendorOrderMessages(orderId: string): Promise<{ userId: string; payload: PushPayload }[]> {
    const found = await orderWithItems(this.ctx.db, orderId);
    if (!found) return [];
    const waiting = found.items.filter((i) => i.status === 'Order Placed');
    const shops = await shopsByIds(
      this.ctx.db,
      waiting.map((i) => i.vendorId),
    );
    const byOwner = new Map<string, typeof waiting>();
    for (const i of waiting) {
      const owner = shops.get(i.vendorId)?.userId;
      if (owner) (byOwner.get(owner) ?? byOwner.set(owner, []).get(owner)!).push(i);
    }
    return Promise.all(
      [...byOwner].map(async ([userId, items]) => {
        const lang = await accountLanguage(this.ctx.db, userId);
        const lines = items
          .sort((a, b) => a.productName.localeCompare(b.productName))
          .map((i) => {
            const option = shownOptionName(i.optionName);
            const values = { quantity: i.quantity, product: i.productName };
            return option
              ? t(lang, 'push.vendorOrder.itemWithOption', { ...values, option })
              : t(lang, 'push.vendorOrder.item', values);
          });
        return {
          userId,
          payload: {
            title: t(lang, 'push.vendorOrder.title'),
            body: clip(t(lang, 'push.vendorOrder.body', { items: lines.join(', ') })),
            url: '/seller',
            tag: `vendor-order-${orderId}`,
          },
        };
      }),
    );
  }

  /** The rider's first name: from their rider profile, else their account. */
  private async riderFirstName(riderUserId: string | null): Promise<string | null> {
    if (!riderUserId) return null;
    const card = (await riderCards(this.ctx.db, [riderUserId])).get(riderUserId);
    const name = card ? card.name : (await findUserById(this.ctx.db, riderUserId))?.name;
    return name ? name.trim().split(/\s+/)[0]! : null;
  }
}

/** A refund's words: the note the refund was recorded with (amount and reference), when there is one. */
const refunded = (lang: Language, note: string | null): [string, string] => [
  t(lang, 'push.refunded.title'),
  note ? t(lang, 'push.refunded.bodyWithNote', { note }) : t(lang, 'push.refunded.body'),
];

/** A notification's body cut to what a phone shows in full (a long chat message, a big order). */
const clip = (text: string): string => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
