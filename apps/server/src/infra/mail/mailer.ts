import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { assertOutsideTransaction, type Db, type Executor } from '../db/client.js';
import { mailOutbox } from '../db/tables.js';
import { jobKind, type JobQueue } from '../jobs/jobs.js';
import type { Storage } from '../storage/storage.js';
import { z } from 'zod';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stored file (`storageKey`, read when the mail is sent) or, from older queued jobs, a local path. */
  attachments?: { filename: string; storageKey?: string; path?: string; contentType?: string }[];
}

const MailAttachment = z.object({
  filename: z.string(),
  storageKey: z.string().optional(),
  path: z.string().optional(),
  contentType: z.string().optional(),
});
/** Sends one outbox row; attachments are read from storage when it runs. */
const MAIL_JOB = jobKind(
  'mail.send',
  z.object({ outboxId: z.number().int(), attachments: z.array(MailAttachment).default([]) }),
);

/**
 * Every email goes to the outbox table in the caller's transaction and is sent by a job:
 * over SMTP when SMTP_URL is set, otherwise it is only logged (development).
 */
export class Mailer {
  private transport: Transporter | null;
  /** Told of every failed delivery (metrics); the job retries it. */
  onFailure: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly log: Logger,
    private readonly opts: { smtpUrl?: string; from: string; storage?: Storage },
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
    jobs.register(MAIL_JOB, ({ outboxId, attachments }) => this.deliver(outboxId, attachments));
  }

  async send(ex: Executor, msg: MailMessage): Promise<void> {
    const [row] = await ex
      .insert(mailOutbox)
      .values({ toAddress: msg.to, subject: msg.subject, textBody: msg.text, htmlBody: msg.html ?? null })
      .returning({ id: mailOutbox.id });
    await this.jobs.enqueue(ex, MAIL_JOB, { outboxId: row!.id, attachments: msg.attachments ?? [] });
  }

  /** The latest mail put in the outbox, newest first (the admin reads it outside production). */
  async recent(limit = 100) {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  }

  private async deliver(id: number, attachments: MailMessage['attachments']): Promise<void> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.sentAt) return;
    if (this.transport) {
      try {
        const files = await Promise.all(
          (attachments ?? []).map(async ({ storageKey, ...a }) => {
            if (!storageKey) return a;
            const content = await this.opts.storage?.get(storageKey);
            if (!content) throw new Error(`attachment ${storageKey} is not in storage`);
            return { ...a, content };
          }),
        );
        // SMTP can take seconds: never while a transaction is open (the outbox row is already committed).
        assertOutsideTransaction('SMTP send');
        await this.transport.sendMail({
          from: this.opts.from,
          // One id per outbox row: a retry after a lost SMTP answer carries the same id, so a
          // receiver (and the fault suite) can tell a repeat from a second email.
          messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@jara>`,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          attachments: files,
        });
      } catch (err) {
        this.onFailure?.();
        throw err;
      }
    } else {
      this.log.info(
        { to: row.toAddress, subject: row.subject, text: row.textBody },
        'email (no SMTP_URL: logged, not sent)',
      );
    }
    await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
  }

  close(): void {
    this.transport?.close();
  }
}
