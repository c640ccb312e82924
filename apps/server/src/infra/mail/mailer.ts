import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { JobQueue } from '../jobs/jobs.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; path: string; contentType?: string }[];
}

/**
 * Every email goes to the outbox table in the caller's transaction and is sent by a job:
 * over SMTP when SMTP_URL is set, otherwise it is only logged (development).
 */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: Logger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
    jobs.register('mail.send', async (payload) => this.deliver(Number(payload.outboxId), payload.attachments as MailMessage['attachments']));
  }

  async send(ex: Executor, msg: MailMessage): Promise<void> {
    const [row] = await ex
      .insert(mailOutbox)
      .values({ toAddress: msg.to, subject: msg.subject, textBody: msg.text, htmlBody: msg.html ?? null })
      .returning({ id: mailOutbox.id });
    await this.jobs.enqueue(ex, 'mail.send', { outboxId: row!.id, attachments: msg.attachments ?? [] });
  }

  private async deliver(id: number, attachments: MailMessage['attachments']): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.sentAt) return;
    if (this.transport) {
      await this.transport.sendMail({
        from: this.opts.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments,
      });
    } else {
      this.log.info({ to: row.toAddress, subject: row.subject, text: row.textBody }, 'email (no SMTP_URL: logged, not sent)');
    }
    await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
  }

  close(): void {
    this.transport?.close();
  }
}
