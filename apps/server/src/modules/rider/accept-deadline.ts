import { z } from 'zod';
import { DEFAULT_LANGUAGE, DELIVERY_KINDS, type DeliveryKind } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { jobKind, noPayload } from '../../infra/jobs/jobs.js';
import type { Deliveries } from './deliveries.js';
import { DispatchDeliveries } from './dispatch-deliveries.js';
import { OrderDeliveries } from './order-deliveries.js';
import { t } from './rider.messages.js';

/** The sweep for deliveries no rider has taken in time, once a minute across all instances. */
const ACCEPT_DEADLINE_JOB = jobKind('rider.accept-deadline', noPayload);
/** Support told of one delivery: once per delivery, by its dedupe key. */
const NO_RIDER_ALERT_JOB = jobKind('rider.no-rider-alert', z.object({ kind: z.enum(DELIVERY_KINDS), id: z.string() }));
const SWEEP_EVERY_MS = 60_000;

/**
 * No order left waiting (issue 29): a delivery on the job board for RIDER_ACCEPT_MINUTES (an order
 * from its last confirmation, a dispatch from its payment) with no rider alerts support, once: a
 * mail to the support mailbox and the inbox's alert, shown until dismissed.
 */
export class AcceptDeadline {
  private readonly deliveries: Record<DeliveryKind, Deliveries>;

  constructor(private readonly ctx: AppContext) {
    this.deliveries = { order: new OrderDeliveries(ctx), dispatch: new DispatchDeliveries(ctx) };
    ctx.jobs.register(ACCEPT_DEADLINE_JOB, async () => {
      await this.sweep();
    });
    ctx.jobs.register(NO_RIDER_ALERT_JOB, ({ kind, id }) => this.alert(kind, id));
    ctx.jobs.schedule(ACCEPT_DEADLINE_JOB, SWEEP_EVERY_MS);
  }

  private async sweep(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - this.ctx.config.riderAcceptMinutes * 60_000);
    for (const kind of DELIVERY_KINDS) {
      for (const id of await this.deliveries[kind].waitingForRider(cutoff))
        await this.ctx.jobs.enqueue(
          this.ctx.db,
          NO_RIDER_ALERT_JOB,
          { kind, id },
          { dedupeKey: `${NO_RIDER_ALERT_JOB.kind}:${kind}:${id}` },
        );
    }
  }

  /** Tells support, unless a rider took it (or it ended) since the sweep found it. */
  private async alert(kind: DeliveryKind, id: string): Promise<void> {
    const f = await this.deliveries[kind].followers(id);
    if (!f || f.riderId || f.finished) return;
    // The support mailbox is no account: its words are in the default language.
    const values = { kind, id, minutes: this.ctx.config.riderAcceptMinutes };
    const subject = t(DEFAULT_LANGUAGE, 'rider.email.noRider.subject', values);
    await this.ctx.mailer.send(this.ctx.db, {
      to: this.ctx.config.mail.support,
      subject,
      text: t(DEFAULT_LANGUAGE, 'rider.email.noRider.text', values),
    });
    this.ctx.realtime.emitToRole('support', 'support.alert', {
      kind: 'no_rider',
      jobKind: kind,
      jobId: id,
      message: subject,
      createdAt: new Date().toISOString(),
    });
  }
}
