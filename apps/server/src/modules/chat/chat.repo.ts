import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChatMessageDto, ChatMediaType } from '@jara/shared';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { chatMembers, chatMessages, chatReads, chats } from './chat.tables.js';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type ThreadKind = 'order' | 'dispatch';
export type MemberRole = (typeof chatMembers.$inferSelect)['role'];

export async function findChat(ex: Executor, id: string): Promise<ChatRow | undefined> {
  const [row] = await ex.select().from(chats).where(eq(chats.id, id));
  return row;
}

export async function findChatByCustomer(ex: Executor, customerId: string): Promise<ChatRow | undefined> {
  const [row] = await ex
    .select()
    .from(chats)
    .where(and(eq(chats.customerId, customerId), eq(chats.kind, 'support')));
  return row;
}

/** The customer's conversation, made on first use. */
export async function getOrCreateChat(ex: Executor, customerId: string): Promise<ChatRow> {
  const [made] = await ex
    .insert(chats)
    .values({ customerId })
    .onConflictDoNothing({ target: chats.customerId, where: sql`kind = 'support'` })
    .returning();
  const chat = made ?? (await findChatByCustomer(ex, customerId));
  if (!chat) throw new Error('chat vanished while being created');
  return chat;
}

export async function findThread(ex: Executor, kind: ThreadKind, subjectId: string): Promise<ChatRow | undefined> {
  const [row] = await ex
    .select()
    .from(chats)
    .where(and(eq(chats.kind, kind), eq(chats.subjectId, subjectId)));
  return row;
}

/** The thread of an order or dispatch, made when one of its people first opens it. */
export async function getOrCreateThread(
  ex: Executor,
  kind: ThreadKind,
  subjectId: string,
  customerId: string,
): Promise<ChatRow> {
  const [made] = await ex
    .insert(chats)
    .values({ kind, subjectId, customerId })
    .onConflictDoNothing({ target: [chats.kind, chats.subjectId], where: sql`kind <> 'support'` })
    .returning();
  const chat = made ?? (await findThread(ex, kind, subjectId));
  if (!chat) throw new Error('thread vanished while being created');
  return chat;
}

/** Makes the thread's member rows exactly `members` (a rider replaced leaves the list). */
export async function setMembers(
  ex: Executor,
  chatId: string,
  members: readonly { userId: string; role: MemberRole }[],
): Promise<void> {
  const ids = members.map((m) => m.userId);
  await ex
    .delete(chatMembers)
    .where(
      ids.length
        ? and(eq(chatMembers.chatId, chatId), sql`${chatMembers.userId} <> ALL(${sql.param(ids)}::uuid[])`)
        : eq(chatMembers.chatId, chatId),
    );
  if (members.length)
    await ex
      .insert(chatMembers)
      .values(members.map((m) => ({ chatId, ...m })))
      .onConflictDoUpdate({ target: [chatMembers.chatId, chatMembers.userId], set: { role: sql`excluded.role` } });
}

export async function membersOf(ex: Executor, chatId: string): Promise<{ userId: string; role: MemberRole }[]> {
  return ex
    .select({ userId: chatMembers.userId, role: chatMembers.role })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
}

export async function setHelp(ex: Executor, chatId: string, at: Date): Promise<ChatRow> {
  const [row] = await ex
    .update(chats)
    .set({ helpAt: sql`COALESCE(${chats.helpAt}, ${at.toISOString()}::timestamptz)`, status: 'open' })
    .where(eq(chats.id, chatId))
    .returning();
  return row!;
}

/** A person's threads, latest message first, with the last message, their unread count and their part in it. */
export async function listThreadsOf(
  ex: Executor,
  userId: string,
  limit: number,
): Promise<(InboxRow & { role: MemberRole })[]> {
  const rows = await queryRows<RawInboxRow & { role: MemberRole }>(
    ex,
    sql`
    SELECT c.id, c.status, c.kind, c.subject_id, c.help_at, c.last_message_at, c.customer_id, cm.role,
      lm.body, lm.media_type, lm.sender_id, lm.created_at,
      (SELECT count(*) FROM chat_messages m
        WHERE m.chat_id = c.id AND m.sender_id <> ${userId}
          AND m.created_at > COALESCE(r.last_read_at, 'epoch'::timestamptz)) AS unread
    FROM chat_members cm
    JOIN chats c ON c.id = cm.chat_id
    LEFT JOIN chat_reads r ON r.chat_id = c.id AND r.user_id = ${userId}
    LEFT JOIN LATERAL (
      SELECT m.body, m.media_type, m.sender_id, m.created_at FROM chat_messages m
      WHERE m.chat_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true
    WHERE cm.user_id = ${userId}
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT ${limit}`,
  );
  return rows.map((r) => ({ ...toInboxRow(r), role: r.role }));
}

export async function insertMessage(
  ex: Executor,
  values: {
    chatId: string;
    senderId: string;
    senderName: string;
    body: string;
    mediaKey: string | null;
    mediaType: ChatMediaType | null;
  },
): Promise<MessageRow> {
  // clock_timestamp, not now(): messages keep their real order even within one transaction.
  const [row] = await ex
    .insert(chatMessages)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

/** Moves the conversation to the top of the inbox; a customer's message reopens it. */
export async function touchChat(ex: Executor, chatId: string, at: Date, reopen: boolean): Promise<ChatRow> {
  const [row] = await ex
    .update(chats)
    .set(reopen ? { lastMessageAt: at, status: 'open' } : { lastMessageAt: at })
    .where(eq(chats.id, chatId))
    .returning();
  return row!;
}

export async function setChatStatus(
  ex: Executor,
  chatId: string,
  status: 'open' | 'resolved',
): Promise<ChatRow | undefined> {
  const [row] = await ex.update(chats).set({ status }).where(eq(chats.id, chatId)).returning();
  return row;
}

/** Newest first, `limit + 1` rows (the extra one tells whether more exist), before a message of the same chat. */
export async function listMessages(
  ex: Executor,
  chatId: string,
  opts: { before?: string; limit: number },
): Promise<MessageRow[]> {
  const cursor = opts.before
    ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (SELECT m.created_at, m.id FROM chat_messages m WHERE m.id = ${opts.before} AND m.chat_id = ${chatId})`
    : undefined;
  return ex
    .select()
    .from(chatMessages)
    .where(cursor ? and(eq(chatMessages.chatId, chatId), cursor) : eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(opts.limit + 1);
}

export async function findMessage(ex: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await ex.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

/** A message with its conversation's customer and kind. */
export async function findMessageWithCustomer(
  ex: Executor,
  id: string,
): Promise<(MessageRow & Pick<ChatRow, 'customerId' | 'kind' | 'subjectId'>) | undefined> {
  const [row] = await ex
    .select({ message: chatMessages, customerId: chats.customerId, kind: chats.kind, subjectId: chats.subjectId })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(eq(chatMessages.id, id));
  return row && { ...row.message, customerId: row.customerId, kind: row.kind, subjectId: row.subjectId };
}

/** The conversation a stored chat upload belongs to. */
export async function findChatOfMedia(ex: Executor, mediaKey: string): Promise<ChatRow | undefined> {
  const [row] = await ex
    .select({ chat: chats })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(eq(chatMessages.mediaKey, mediaKey))
    .limit(1);
  return row?.chat;
}

export async function markRead(ex: Executor, chatId: string, userId: string): Promise<void> {
  await ex
    .insert(chatReads)
    .values({ chatId, userId, lastReadAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [chatReads.chatId, chatReads.userId], set: { lastReadAt: sql`clock_timestamp()` } });
}

/** Messages from others that `userId` has not read yet in the chat. */
export async function countUnread(ex: Executor, chatId: string, userId: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    ex,
    sql`
    SELECT count(*) AS n FROM chat_messages m
    WHERE m.chat_id = ${chatId} AND m.sender_id <> ${userId}
      AND m.created_at > COALESCE((SELECT r.last_read_at FROM chat_reads r WHERE r.chat_id = ${chatId} AND r.user_id = ${userId}), 'epoch'::timestamptz)`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A conversation in the support inbox, with its last message and the agent's unread count. */
export interface InboxRow {
  id: string;
  status: 'open' | 'resolved';
  kind: ChatRow['kind'];
  subjectId: string | null;
  helpAt: Date | null;
  customerId: string;
  lastMessageAt: Date;
  lastMessage: { body: string | null; mediaType: string | null; senderId: string; createdAt: Date } | null;
  unread: number;
}

/**
 * The support inbox: conversations by latest message, newest first, of the given customers only
 * when `customerIds` is given; unread counts the customer's messages after the agent last read.
 */
export async function listInbox(
  ex: Executor,
  agentId: string,
  opts: { customerIds: readonly string[] | null; status: 'open' | 'resolved' | 'all'; limit: number },
): Promise<InboxRow[]> {
  // One array parameter, however many customers a search matched.
  const customers = opts.customerIds ? sql.param([...opts.customerIds]) : null;
  const rows = await queryRows<RawInboxRow>(
    ex,
    sql`
    SELECT c.id, c.status, c.kind, c.subject_id, c.help_at, c.last_message_at, c.customer_id,
      lm.body, lm.media_type, lm.sender_id, lm.created_at,
      (SELECT count(*) FROM chat_messages m
        WHERE m.chat_id = c.id AND m.sender_id = c.customer_id
          AND m.created_at > COALESCE(r.last_read_at, 'epoch'::timestamptz)) AS unread
    FROM chats c
    LEFT JOIN chat_reads r ON r.chat_id = c.id AND r.user_id = ${agentId}
    LEFT JOIN LATERAL (
      SELECT m.body, m.media_type, m.sender_id, m.created_at FROM chat_messages m
      WHERE m.chat_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true
    WHERE (c.kind = 'support' OR c.help_at IS NOT NULL)
      AND (${opts.status} = 'all' OR c.status = ${opts.status})
      ${customers ? sql`AND c.customer_id = ANY(${customers}::uuid[])` : sql``}
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT ${opts.limit}`,
  );
  return rows.map(toInboxRow);
}

interface RawInboxRow {
  id: string;
  status: 'open' | 'resolved';
  kind: ChatRow['kind'];
  subject_id: string | null;
  help_at: Date | string | null;
  last_message_at: Date | string;
  customer_id: string;
  body: string | null;
  media_type: string | null;
  sender_id: string | null;
  created_at: Date | string | null;
  unread: number | string;
}

function toInboxRow(r: RawInboxRow): InboxRow {
  return {
    id: r.id,
    status: r.status,
    kind: r.kind,
    subjectId: r.subject_id,
    helpAt: r.help_at ? new Date(r.help_at) : null,
    customerId: r.customer_id,
    lastMessageAt: new Date(r.last_message_at),
    lastMessage: r.created_at
      ? { body: r.body, mediaType: r.media_type, senderId: r.sender_id!, createdAt: new Date(r.created_at) }
      : null,
    unread: Number(r.unread),
  };
}

/** Claims the right to email the customer: at most once per conversation per window. */
export async function claimCustomerEmail(ex: Executor, chatId: string, windowMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`
    UPDATE chats SET last_customer_email_at = now()
    WHERE id = ${chatId}
      AND (last_customer_email_at IS NULL OR last_customer_email_at < now() - make_interval(secs => ${windowMs / 1000}))
    RETURNING id`,
  );
  return rows.length > 0;
}

const MEDIA_PREFIX = 'chat/';

/** The URL a participant loads a chat upload from (checked on every request). */
function mediaUrl(key: string | null): string | null {
  return key && key.startsWith(MEDIA_PREFIX) ? `/api/chat/media/${key.slice(MEDIA_PREFIX.length)}` : null;
}

export function toMessageDto(row: MessageRow): ChatMessageDto {
  return {
    _id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    senderName: row.senderName,
    message: row.body,
    media: mediaUrl(row.mediaKey),
    mediaType: (row.mediaType as ChatMediaType | null) ?? null,
    timestamp: row.createdAt.toISOString(),
    sent: true,
  };
}
