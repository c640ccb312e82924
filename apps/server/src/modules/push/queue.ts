import type { Executor } from '../../infra/db/client.js';
import { jobs } from '../../infra/db/schema.js';

export const PUSH_STATUS_JOB = 'push.status';
export const PUSH_CHAT_JOB = 'push.chat';
export const PUSH_SEND_JOB = 'push.send';

export interface StatusPushPayload {
  subjectType: 'order' | 'order_item' | 'dispatch';
  subjectIds: string[];
  status: string;
  actorId: string | null;
  note: string | null;
}

/** Statuses the customer is told about by push (item 'Order Placed' comes with the order's 'paid'). */
const PUSHED: Record<StatusPushPayload['subjectType'], readonly string[]> = {
  order: ['paid', 'refunded'],
  order_item: ['Order Confirmed', 'Order Cancelled', 'Order Assigned', 'Order Picked', 'Order Delivered'],
  dispatch: ['Order Placed', 'Order Assigned', 'Order Picked', 'Order Delivered', 'Order Cancelled', 'refunded'],
};

/**
 * Writes the push job for a status change in the transaction that records it (the job table
 * directly, so the status-recording helpers need no service); the worker sends it after commit.
 */
export async function queueStatusPush(ex: Executor, p: StatusPushPayload): Promise<void> {
  if (!p.subjectIds.length || !PUSHED[p.subjectType].includes(p.status)) return;
  await ex.insert(jobs).values({ kind: PUSH_STATUS_JOB, payload: { ...p }, runAt: new Date(), maxAttempts: 5 });
}

/** A support agent answered in a customer's chat. */
export async function queueChatPush(ex: Executor, chatId: string, messageId: string): Promise<void> {
  await ex.insert(jobs).values({ kind: PUSH_CHAT_JOB, payload: { chatId, messageId }, runAt: new Date(), maxAttempts: 5, dedupeKey: `${PUSH_CHAT_JOB}:${messageId}` });
}
