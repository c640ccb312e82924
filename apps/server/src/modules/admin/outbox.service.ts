import type { OutboxMail } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { iso } from './records.js';

/** Outside production: the mail the app would have sent, to read without an SMTP server. */
export class AdminOutbox {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<OutboxMail[]> {
    if (this.ctx.config.isProduction) throw notFound();
    return (await this.ctx.mailer.recent(100)).map((m) => ({
      _id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      sentAt: iso(m.sentAt),
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
