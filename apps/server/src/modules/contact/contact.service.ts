import { DEFAULT_LANGUAGE, type ContactInput, type ContactMessageDto, type Language } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { storeContactAttachment, type UploadedFile } from '../../infra/uploads/uploads.js';
import { notFound } from '../../lib/errors.js';
import { languageOfEmail } from '../auth/index.js';
import {
  findContactMessage,
  insertContactMessage,
  listContactMessages,
  recordContactReply,
  toContactDto,
} from './contact.repo.js';
import { t } from './contact.messages.js';

/** Contact-form messages: received from anyone, read and answered by email from the support inbox. */
export class ContactService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Stores the message for the inbox and mails it to support, in one transaction (the mail is a
   * job). `language` is the one it was written in, kept for the reply.
   */
  async submit(input: ContactInput, file: UploadedFile | null, language: Language): Promise<void> {
    const media = file ? await storeContactAttachment(this.ctx.storage, file) : null;
    const { config } = this.ctx;
    await this.ctx.db.transaction(async (tx) => {
      const row = await insertContactMessage(tx, {
        ...input,
        attachmentKey: media?.key ?? null,
        attachmentType: media?.kind ?? null,
        language,
      });
      await this.ctx.mailer.send(tx, {
        to: config.mail.support,
        // The support mailbox is no account: its mail is written in the default language.
        subject: t(DEFAULT_LANGUAGE, 'contact.email.received.subject', { subject: input.subject }),
        text: [
          t(DEFAULT_LANGUAGE, 'contact.email.received.text', {
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
          }),
          '',
          ...(media ? [t(DEFAULT_LANGUAGE, 'contact.email.received.attachment')] : []),
          t(DEFAULT_LANGUAGE, 'contact.email.received.reply', { link: `${config.publicUrl}/support`, id: row.id }),
        ].join('\n'),
        attachments: media
          ? [
              {
                filename: `attachment${media.key.slice(media.key.lastIndexOf('.'))}`,
                storageKey: media.key,
                contentType: media.mime,
              },
            ]
          : undefined,
      });
    });
  }

  /** Newest first; `q` matches the sender's name or email or the subject. */
  async list(opts: { q?: string; limit: number }): Promise<ContactMessageDto[]> {
    return (await listContactMessages(this.ctx.db, opts)).map(toContactDto);
  }

  /** Where a message's attachment is stored, and the name a document downloads under; 404 without one. */
  async attachment(id: string): Promise<{ key: string; download: string | undefined }> {
    const row = await findContactMessage(this.ctx.db, id);
    if (!row?.attachmentKey) throw notFound();
    // Documents download rather than open in the app's origin.
    const download = row.attachmentKey.endsWith('.pdf') ? `contact-${row.id.slice(0, 8)}.pdf` : undefined;
    return { key: row.attachmentKey, download };
  }

  /** An agent's answer: recorded on the message and mailed to its sender, in one transaction. */
  async reply(agent: { id: string; name: string }, id: string, text: string): Promise<ContactMessageDto> {
    const row = await this.ctx.db.transaction(async (tx) => {
      const original = await findContactMessage(tx, id);
      if (!original) throw notFound('Message not found.');
      const updated = await recordContactReply(tx, original.id, text, agent.id);
      const quoted = original.message
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
      // In the sender's account language; without an account, in the language they wrote in.
      const lang = (await languageOfEmail(tx, original.email)) ?? original.language;
      await this.ctx.mailer.send(tx, {
        to: original.email,
        subject: t(lang, 'contact.email.reply.subject', { subject: original.subject }),
        text: t(lang, 'contact.email.reply.text', { name: original.name, reply: text, agent: agent.name, quoted }),
      });
      return updated!;
    });
    return toContactDto(row);
  }
}
