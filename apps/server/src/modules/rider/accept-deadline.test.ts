import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SupportAlertEvent } from '@jara/shared';
import { buildTestApp, createUser, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { orderItems } from '../orders/orders.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const MINUTE = 60_000;

/** The support.alert events of kind no_rider sent while `run` runs. */
async function alertsDuring(run: () => Promise<void>) {
  const told = vi.spyOn(app.ctx.realtime, 'emitToRole');
  await run();
  const sent = told.mock.calls.filter((c) => c[0] === 'support' && c[1] === 'support.alert').map((c) => c[2]);
  told.mockRestore();
  return sent.map((a) => SupportAlertEvent.parse(a)).filter((a) => a.kind === 'no_rider');
}

const supportMails = () =>
  app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, app.ctx.config.mail.support));

describe('a delivery no rider takes within RIDER_ACCEPT_MINUTES (default 10)', () => {
  it('alerts support once, by the inbox and by mail; one still in its minutes, or taken, does not', async () => {
    const vendor = await createVendorAccount(app);
    const customer = await createUser(app);
    // Confirmed 11 minutes ago (the order went on the board then), paid earlier still.
    const { order: waiting } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
      paidAt: new Date(Date.now() - 20 * MINUTE),
    });
    await app.ctx.db
      .update(orderItems)
      .set({ updatedAt: new Date(Date.now() - 11 * MINUTE) })
      .where(eq(orderItems.orderId, waiting.id));
    // Paid 20 minutes ago but confirmed a minute ago: on the board for a minute only.
    const { order: fresh } = await createPaidOrder(app, customer.user.id, [{ vendorId: vendor.vendor.id }], {
      status: 'Order Confirmed',
      paidAt: new Date(Date.now() - 20 * MINUTE),
    });
    const parcel = await createPaidDispatch(app, customer.user.id);
    await app.ctx.db
      .update(dispatches)
      .set({ paidAt: new Date(Date.now() - 12 * MINUTE) })
      .where(eq(dispatches.id, parcel.id));
    const taken = await createPaidDispatch(app, customer.user.id);
    await app.ctx.db
      .update(dispatches)
      .set({ paidAt: new Date(Date.now() - 12 * MINUTE) })
      .where(eq(dispatches.id, taken.id));
    const rider = await createRiderAccount(app);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/rider/jobs/dispatch/${taken.id}/accept`,
      headers: { cookie: rider.cookie },
    });
    expect(accepted.statusCode).toBe(200);

    const alerts = await alertsDuring(() => runScheduledJobs(app));
    const about = (id: string) => alerts.filter((a) => a.kind === 'no_rider' && a.jobId === id);
    expect(about(waiting.id)).toEqual([expect.objectContaining({ jobKind: 'order' })]);
    expect(about(waiting.id)[0]!.message).toBe(`No rider has taken order ${waiting.id} in 10 minutes`);
    expect(about(parcel.id)).toEqual([expect.objectContaining({ jobKind: 'dispatch' })]);
    expect(about(fresh.id)).toEqual([]);
    expect(about(taken.id)).toEqual([]);
    const mails = await supportMails();
    expect(mails.filter((m) => m.subject.includes(waiting.id))).toHaveLength(1);
    expect(mails.find((m) => m.subject.includes(parcel.id))?.textBody).toContain(
      `Dispatch ${parcel.id} has been waiting on the job board for 10 minutes`,
    );

    // The next minute's sweep finds them again but tells nobody twice.
    const again = await alertsDuring(() => runScheduledJobs(app));
    expect(again.filter((a) => a.kind === 'no_rider' && [waiting.id, parcel.id].includes(a.jobId))).toEqual([]);
    expect((await supportMails()).filter((m) => m.subject.includes(waiting.id))).toHaveLength(1);
  });
});
