import { desc } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { smsOutbox } from '../db/tables.js';

interface SmsMessage {
  /** E.164 (+234…). */
  to: string;
  text: string;
}

/** A text message kept in the outbox, as the admin's outbox reads it. */
type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/**
 * How the app sends a text message (a phone verification code). A driver writes in the caller's
 * transaction, as the mailer does, so a message goes out only when what it tells is committed.
 */
export interface SmsSender {
  send(ex: Executor, msg: SmsMessage): Promise<void>;
  /** The latest messages kept, newest first (the admin reads them outside production). */
  recent(limit?: number): Promise<SmsOutboxRow[]>;
}

/**
 * SMS_DRIVER=sandbox: nothing leaves the machine; each message is kept in sms_outbox, where the
 * admin's outbox (and the tests) read it. A real provider's driver would keep the same row and
 * send it from a job, as infra/mail does; none is written yet (decision 0050).
 */
class SandboxSms implements SmsSender {
  constructor(private readonly db: Db) {}

  async send(ex: Executor, msg: SmsMessage): Promise<void> {
    await ex.insert(smsOutbox).values({ toNumber: msg.to, body: msg.text, sentAt: new Date() });
  }

  async recent(limit = 100): Promise<SmsOutboxRow[]> {
    return this.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
  }
}

/** The configured SMS driver. */
export function createSms(config: { sms: { driver: 'sandbox' } }, db: Db): SmsSender {
  switch (config.sms.driver) {
    case 'sandbox':
      return new SandboxSms(db);
  }
}
