import { z } from 'zod';
import { DEFAULT_LANGUAGE, MAX_CODE_ATTEMPTS } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../infra/db/client.js';
import { jobKind } from '../../infra/jobs/jobs.js';
import { findDispatch, type DispatchRow } from './dispatch.repo.js';
import { person, senderViews, toDispatchDto } from './dispatch-views.js';
import { t } from './dispatch.messages.js';

/** The live `dispatch.updated` (and the board's `job.available`) after a change commits. */
export const DISPATCH_PUSH_JOB = jobKind('dispatch.push', z.object({ dispatchId: z.string() }));
/** Support's inbox told of a dispatch locked by wrong codes. */
export const DISPATCH_ALERT_JOB = jobKind('dispatch.support-alert', z.object({ dispatchId: z.string() }));

/** Live update to the sender (and the rider), sent by a job after the change commits. */
export async function queuePush(ctx: AppContext, tx: Tx, row: DispatchRow): Promise<void> {
  await ctx.jobs.enqueue(
    tx,
    DISPATCH_PUSH_JOB,
    { dispatchId: row.id },
    { dedupeKey: `${DISPATCH_PUSH_JOB.kind}:${row.id}:${row.status}` },
  );
}

/** Support told of a dispatch just locked: a mail and the inbox alert, queued in the transaction. */
export async function queueSupportAlert(ctx: AppContext, tx: Tx, row: DispatchRow): Promise<void> {
  // The support mailbox is no account: its mail is written in the default language.
  const values = { id: row.id, attempts: MAX_CODE_ATTEMPTS };
  await ctx.mailer.send(tx, {
    to: ctx.config.mail.support,
    subject: t(DEFAULT_LANGUAGE, 'dispatch.email.locked.subject', values),
    text: t(DEFAULT_LANGUAGE, 'dispatch.email.locked.text', {
      ...values,
      rider: row.riderId ?? '',
      sender: row.userId,
      address: person(row.dropoff).address,
    }),
  });
  await ctx.jobs.enqueue(
    tx,
    DISPATCH_ALERT_JOB,
    { dispatchId: row.id },
    { dedupeKey: `${DISPATCH_ALERT_JOB.kind}:${row.id}` },
  );
}

/**
 * Job handler: emits the dispatch as it is now (never a stale copy). A paid dispatch nobody
 * holds yet is also new on every rider's board (as an order is once its vendors confirm).
 */
export async function runPush(ctx: AppContext, dispatchId: string): Promise<void> {
  const row = await findDispatch(ctx.db, dispatchId);
  if (!row) return;
  ctx.realtime.emitToUser(row.userId, 'dispatch.updated', (await senderViews(ctx.db, [row]))[0]!);
  if (row.riderId) ctx.realtime.emitToUser(row.riderId, 'dispatch.updated', toDispatchDto(row, 'rider'));
  if (row.paymentState === 'paid' && row.status === 'Order Placed' && !row.riderId) {
    ctx.realtime.emitToRole('rider', 'job.available', { kind: 'dispatch', _id: row.id });
  }
}

/** Job handler: tells every support agent's open inbox that a dispatch was locked. */
export async function runSupportAlert(ctx: AppContext, dispatchId: string): Promise<void> {
  const row = await findDispatch(ctx.db, dispatchId);
  if (!row) return;
  ctx.realtime.emitToRole('support', 'support.alert', {
    kind: 'dispatch_code_locked',
    dispatchId: row.id,
    riderId: row.riderId,
    userId: row.userId,
    message: `Dispatch ${row.id} was locked after ${MAX_CODE_ATTEMPTS} wrong delivery codes.`,
    createdAt: new Date().toISOString(),
  });
}
