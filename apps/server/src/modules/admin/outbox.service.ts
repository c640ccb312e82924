import type { OutboxMail, OutboxSms } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { iso } from './records.js';

/** Outside production: the mail and text messages the app would have sent, to read without SMTP or an SMS provider. */
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

  async listSms(): Promise<OutboxSms[]> {
    if (this.ctx.config.isProduction) throw notFound();
    return (await this.ctx.sms.recent(100)).map((m) => ({
      _id: m.id,
      to: m.toNumber,
      text: m.body,
      sentAt: iso(m.sentAt),
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
