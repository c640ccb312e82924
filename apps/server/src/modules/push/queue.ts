import type { Executor } from '../../infra/db/client.js';
import { insertJob, jobKind } from '../../infra/jobs/jobs.js';
import { z } from 'zod';
import { RIDER_ARRIVED } from '@jara/shared';

const StatusPushPayload = z.object({
  subjectType: z.enum(['order', 'order_item', 'dispatch']),
  subjectIds: z.array(z.string()),
  status: z.string(),
  actorId: z.string().nullable(),
  note: z.string().nullable(),
});
export type StatusPushPayload = z.infer<typeof StatusPushPayload>;

/** A status change to tell the customer of; an agent's chat answer; one message to one subscription. */
export const PUSH_STATUS_JOB = jobKind('push.status', StatusPushPayload);
export const PUSH_CHAT_JOB = jobKind('push.chat', z.object({ chatId: z.string(), messageId: z.string() }));
/** A paid order, to announce to the owner of each shop in it. */
export const PUSH_VENDOR_ORDER_JOB = jobKind('push.vendor-order', z.object({ orderId: z.string() }));
export const PUSH_SEND_JOB = jobKind(
  'push.send',
  z.object({
    subscriptionId: z.string(),
    payload: z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string().optional() }),
  }),
);

/** Statuses the customer is told about by push (item 'Order Placed' comes with the order's 'paid'). */
const PUSHED: Record<StatusPushPayload['subjectType'], readonly string[]> = {
  order: ['paid', RIDER_ARRIVED, 'refunded'],
  order_item: ['Order Confirmed', 'Order Cancelled', 'Order Assigned', 'Order Picked', 'Order Delivered'],
  dispatch: [
    'Order Placed',
    'Order Assigned',
    'Order Picked',
    RIDER_ARRIVED,
    'Order Delivered',
    'Order Cancelled',
    'refunded',
  ],
};

/**
 * Writes the push job for a status change in the transaction that records it (insertJob: the
 * status-recording helpers need no service); the worker sends it after commit. An order's
 * payment is also the vendors' new order: their job is a separate one, so a retry of either
 * never sends the other's push twice.
 */
export async function queueStatusPush(ex: Executor, p: StatusPushPayload): Promise<void> {
  if (!p.subjectIds.length || !PUSHED[p.subjectType].includes(p.status)) return;
  await insertJob(ex, PUSH_STATUS_JOB, p, { maxAttempts: 5 });
  if (p.subjectType === 'order' && p.status === 'paid')
    for (const orderId of p.subjectIds)
      await insertJob(
        ex,
        PUSH_VENDOR_ORDER_JOB,
        { orderId },
        { maxAttempts: 5, dedupeKey: `${PUSH_VENDOR_ORDER_JOB.kind}:${orderId}` },
      );
}

/** A support agent answered in a customer's chat. */
export async function queueChatPush(ex: Executor, chatId: string, messageId: string): Promise<void> {
  await insertJob(
    ex,
    PUSH_CHAT_JOB,
    { chatId, messageId },
    { maxAttempts: 5, dedupeKey: `${PUSH_CHAT_JOB.kind}:${messageId}` },
  );
}
