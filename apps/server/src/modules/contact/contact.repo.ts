import { desc, eq, ilike, or } from 'drizzle-orm';
import type { ContactAttachmentType, ContactMessageDto, Language } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { contactMessages as contact } from './contact.tables.js';

export type ContactRow = typeof contact.$inferSelect;

export async function insertContactMessage(
  ex: Executor,
  values: {
    name: string;
    email: string;
    subject: string;
    message: string;
    attachmentKey: string | null;
    attachmentType: ContactAttachmentType | null;
    language: Language;
  },
): Promise<ContactRow> {
  const [row] = await ex.insert(contact).values(values).returning();
  return row!;
}

export async function listContactMessages(ex: Executor, opts: { q?: string; limit: number }): Promise<ContactRow[]> {
  const pattern = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const query = ex.select().from(contact);
  const filtered = pattern
    ? query.where(or(ilike(contact.name, pattern), ilike(contact.email, pattern), ilike(contact.subject, pattern)))
    : query;
  return filtered.orderBy(desc(contact.createdAt), desc(contact.id)).limit(opts.limit);
}

export async function findContactMessage(ex: Executor, id: string): Promise<ContactRow | undefined> {
  const [row] = await ex.select().from(contact).where(eq(contact.id, id));
  return row;
}

export async function recordContactReply(
  ex: Executor,
  id: string,
  replyText: string,
  agentId: string,
): Promise<ContactRow | undefined> {
  const [row] = await ex
    .update(contact)
    .set({ replyText, repliedBy: agentId, repliedAt: new Date() })
    .where(eq(contact.id, id))
    .returning();
  return row;
}

export function toContactDto(row: ContactRow): ContactMessageDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    attachment: row.attachmentKey ? `/api/support/contact-messages/${row.id}/attachment` : null,
    attachmentType: (row.attachmentType as ContactAttachmentType | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
    reply: row.replyText,
  };
}
