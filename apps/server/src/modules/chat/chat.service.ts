import {
  CHAT_MSG,
  ChatSendFields,
  hasRole,
  type ChatDto,
  type ChatMediaType,
  type ChatMessageDto,
  type ServerEvent,
  type ServerEventArgs,
  type SupportChatSummary,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import { storeMedia, type UploadedFile } from '../../infra/uploads/uploads.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { findUserById, linkChat } from '../auth/index.js';
import { queueChatPush } from '../push/index.js';
import {
  claimCustomerEmail,
  countUnread,
  findChat,
  findChatByCustomer,
  findMessageWithCustomer,
  getOrCreateChat,
  insertMessage,
  listInbox,
  listMessages,
  markRead,
  membersOf,
  setChatStatus,
  toMessageDto,
  touchChat,
  type ChatRow,
  type InboxRow,
} from './chat.repo.js';
import { t } from './chat.messages.js';
import { partyOf } from './parties.js';

/** The order or dispatch of an order thread; null for a support conversation. */
export const subjectOf = (chat: Pick<ChatRow, 'kind' | 'subjectId'>) =>
  chat.kind === 'support' || !chat.subjectId ? null : { kind: chat.kind, _id: chat.subjectId };

/** A list's preview of a conversation's latest message (text, or which kind of upload). */
export const lastMessageOf = ({ lastMessage: m }: Pick<InboxRow, 'lastMessage'>) =>
  m
    ? {
        message: m.body ?? '',
        mediaType: (m.mediaType as ChatMediaType | null) ?? null,
        senderId: m.senderId,
        timestamp: m.createdAt.toISOString(),
      }
    : null;

/** A conversation in the support inbox: the summary agents see, with its customer's id to name them by. */
type InboxChat = Omit<SupportChatSummary, 'customer'> & { customerId: string };

/** Support agents and admins may open any conversation. */
const isAgent = (user: Pick<SessionUser, 'roles'>) => hasRole(user, 'support', 'admin');
export const chatRoom = (chatId: string) => `chat:${chatId}`;
/** A customer who is offline gets at most one email per conversation in this window. */
const CUSTOMER_EMAIL_WINDOW_MS = 15 * 60_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Conversations between customers and support: who may see, post and page, and what follows a post. */
export class ChatService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Whether the user may open the conversation: a support conversation its customer, an order
   * thread the people of its order or dispatch as they are now (a replaced rider no longer);
   * support agents and admins any.
   */
  async mayOpen(user: SessionUser, chat: Pick<ChatRow, 'customerId' | 'kind' | 'subjectId'>): Promise<boolean> {
    if (isAgent(user)) return true;
    if (chat.kind === 'support') return chat.customerId === user.id;
    const party = chat.subjectId ? await partyOf(this.ctx.db, chat.kind, chat.subjectId) : null;
    return !!party?.members.some((m) => m.userId === user.id);
  }

  /** The chat if the user may open it; 404 for a missing or someone else's (no hint which). */
  async requireAccess(user: SessionUser, chatId: string): Promise<ChatRow> {
    const chat = UUID_RE.test(chatId) ? await findChat(this.ctx.db, chatId) : undefined;
    if (!chat || !(await this.mayOpen(user, chat))) throw notFound(CHAT_MSG.noChat);
    return chat;
  }

  async page(
    chatId: string,
    opts: { before?: string; limit: number },
  ): Promise<{ messages: ChatMessageDto[]; hasMore: boolean }> {
    const rows = await listMessages(this.ctx.db, chatId, opts);
    const hasMore = rows.length > opts.limit;
    return { messages: rows.slice(0, opts.limit).reverse().map(toMessageDto), hasMore };
  }

  /** The caller's own conversation, latest page (an empty one before the first message). */
  async ownChat(user: SessionUser, opts: { before?: string; limit: number }): Promise<ChatDto> {
    const chat = await findChatByCustomer(this.ctx.db, user.id);
    if (!chat) return { _id: null, messages: [], hasMore: false };
    return { _id: chat.id, status: chat.status, ...(await this.page(chat.id, opts)) };
  }

  async unreadFor(user: SessionUser): Promise<{ chatId: string | null; unread: number }> {
    const chat = await findChatByCustomer(this.ctx.db, user.id);
    return { chatId: chat?.id ?? null, unread: chat ? await countUnread(this.ctx.db, chat.id, user.id) : 0 };
  }

  async markRead(user: SessionUser, chatId: string): Promise<void> {
    await this.requireAccess(user, chatId);
    await markRead(this.ctx.db, chatId, user.id);
  }

  /**
   * A message from the conversation's customer (or an agent answering in it). Without a chatId
   * the first message creates the customer's conversation. Fields are checked before the
   * upload is stored; the upload is checked by its bytes.
   */
  async send(
    user: SessionUser,
    rawFields: Record<string, string>,
    file: UploadedFile | null,
  ): Promise<{ chat: ChatRow; message: ChatMessageDto }> {
    const fields = parseFields(rawFields, file);
    let chat: ChatRow | null = null;
    if (fields.chatId) {
      chat = await this.requireAccess(user, fields.chatId);
    } else if (isAgent(user)) {
      throw badRequest('Choose the conversation to answer in the support inbox.', 'chat_required');
    } else {
      chat = (await findChatByCustomer(this.ctx.db, user.id)) ?? null;
    }
    // The spec's send is the support conversation's: an order thread has its own call (its rules).
    if (chat && chat.kind !== 'support') throw notFound(CHAT_MSG.noChat);
    return this.post(user, chat, fields.message, file);
  }

  /** An agent's answer in a conversation (support inbox). */
  async reply(agent: SessionUser, chatId: string, rawFields: Record<string, string>, file: UploadedFile | null) {
    if (!isAgent(agent)) throw forbidden();
    const fields = parseFields(rawFields, file);
    const chat = await this.requireAccess(agent, chatId);
    return this.post(agent, chat, fields.message, file);
  }

  /** A message in an order thread, its rules (open, photos only, the caller one of its people) checked by the caller. */
  postInThread(user: SessionUser, thread: ChatRow, text: string, file: UploadedFile | null) {
    return this.post(user, thread, text, file);
  }

  /**
   * The support inbox: conversations by latest message, with a preview and the agent's unread
   * count; only those of `customerIds` when given (a search the caller made over the accounts).
   */
  async inbox(
    agent: SessionUser,
    opts: { customerIds: readonly string[] | null; status: 'open' | 'resolved' | 'all'; limit: number },
  ): Promise<InboxChat[]> {
    if (!isAgent(agent)) throw forbidden();
    const rows = await listInbox(this.ctx.db, agent.id, opts);
    return rows.map((r) => ({
      _id: r.id,
      status: r.status,
      customerId: r.customerId,
      subject: subjectOf(r),
      lastMessage: lastMessageOf(r),
      lastMessageAt: r.lastMessageAt.toISOString(),
      unread: r.unread,
    }));
  }

  async setStatus(agent: SessionUser, chatId: string, status: 'open' | 'resolved'): Promise<ChatRow> {
    if (!isAgent(agent)) throw forbidden();
    await this.requireAccess(agent, chatId);
    const chat = (await setChatStatus(this.ctx.db, chatId, status))!;
    this.announce(chat);
    return chat;
  }

  private async post(user: SessionUser, existing: ChatRow | null, text: string, file: UploadedFile | null) {
    const media = file ? await storeMedia(this.ctx.storage, 'chat', file) : null;
    const fromCustomer = !existing || existing.customerId === user.id;
    const isThread = !!existing && existing.kind !== 'support';
    const { chat, row } = await this.ctx.db.transaction(async (tx) => {
      const target = existing ?? (await this.openChat(tx, user.id));
      const row = await insertMessage(tx, {
        chatId: target.id,
        senderId: user.id,
        senderName: user.name,
        body: text,
        mediaKey: media?.key ?? null,
        mediaType: media?.kind ?? null,
      });
      const chat = await touchChat(tx, target.id, row.createdAt, fromCustomer);
      await markRead(tx, target.id, user.id);
      // A thread's people are told of each other's messages; a customer of an agent's answer.
      if (isThread || !fromCustomer) await queueChatPush(tx, target.id, row.id);
      return { chat, row };
    });
    const message = toMessageDto(row);
    // The server itself tells the room; clients' `send-message` is only a relay of this.
    this.emitToRoom(chat.id, 'receive-message', message);
    this.announce(chat);
    if (!fromCustomer && !isThread)
      await this.emailIfOffline(chat, user, message).catch((err) =>
        this.ctx.log.warn({ err, chatId: chat.id }, 'offline email check failed'),
      );
    return { chat, message };
  }

  /** The customer's conversation, made on first use; the account points at it (PublicUser.chatId). */
  private async openChat(tx: Executor, customerId: string): Promise<ChatRow> {
    const chat = await getOrCreateChat(tx, customerId);
    await linkChat(tx, customerId, chat.id);
    return chat;
  }

  emitToRoom<E extends ServerEvent>(chatId: string, event: E, ...args: ServerEventArgs<E>): void {
    this.ctx.realtime.io.to(chatRoom(chatId)).emit(event, ...args);
  }

  /**
   * Tells those who list the conversation that it moved: the agents' inbox (an order thread only
   * once support was asked in) and its customer, or each of a thread's people.
   */
  announce(chat: ChatRow): void {
    const update = { chatId: chat.id, status: chat.status, lastMessageAt: chat.lastMessageAt.toISOString() };
    if (chat.kind === 'support' || chat.helpAt)
      this.ctx.realtime.io.to(['role:support', 'role:admin']).emit('chat.updated', update);
    if (chat.kind === 'support') return this.ctx.realtime.emitToUser(chat.customerId, 'chat.updated', update);
    void membersOf(this.ctx.db, chat.id)
      .then((members) => this.ctx.realtime.io.to(members.map((m) => `user:${m.userId}`)).emit('chat.updated', update))
      .catch((err: unknown) => this.ctx.log.warn({ err, chatId: chat.id }, 'thread announcement failed'));
  }

  /** Email the customer about an agent's answer when no socket of theirs is connected (any instance). */
  private async emailIfOffline(chat: ChatRow, agent: SessionUser, message: ChatMessageDto): Promise<void> {
    // When an instance does not answer in time, better one email too many (at most one per
    // window) than a customer never told.
    const online = await this.ctx.realtime.io
      .in(`user:${chat.customerId}`)
      .fetchSockets()
      .then((sockets) => sockets.length > 0)
      .catch((err: unknown) => {
        this.ctx.log.warn({ err, chatId: chat.id }, 'presence check failed; treating the customer as offline');
        return false;
      });
    if (online) return;
    await this.ctx.db.transaction(async (tx) => {
      if (!(await claimCustomerEmail(tx, chat.id, CUSTOMER_EMAIL_WINDOW_MS))) return;
      const customer = await findUserById(tx, chat.customerId);
      if (!customer) return;
      const lang = customer.language;
      const preview = message.message
        ? `"${message.message.slice(0, 300)}${message.message.length > 300 ? '…' : ''}"`
        : t(lang, 'chat.email.reply.media', { media: message.mediaType ?? 'file' });
      await this.ctx.mailer.send(tx, {
        to: customer.email,
        subject: t(lang, 'chat.email.reply.subject'),
        text: t(lang, 'chat.email.reply.text', {
          name: customer.name,
          agent: agent.name,
          preview,
          link: `${this.ctx.config.publicUrl}/?contact=true`,
        }),
      });
    });
  }
}

/**
 * A message as the people to tell of it would be: who wrote what in which conversation, and who
 * is told (a support conversation's customer when an agent wrote; every other person of a thread).
 */
export async function messageForRecipients(
  ex: Executor,
  messageId: string,
): Promise<
  | {
      kind: ChatRow['kind'];
      subjectId: string | null;
      recipients: string[];
      senderName: string;
      body: string;
      mediaType: string | null;
    }
  | undefined
> {
  const row = await findMessageWithCustomer(ex, messageId);
  if (!row) return undefined;
  const recipients =
    row.kind === 'support'
      ? row.senderId === row.customerId
        ? []
        : [row.customerId]
      : (await membersOf(ex, row.chatId)).map((m) => m.userId).filter((id) => id !== row.senderId);
  return {
    kind: row.kind,
    subjectId: row.subjectId,
    recipients,
    senderName: row.senderName,
    body: row.body,
    mediaType: row.mediaType,
  };
}

function parseFields(raw: Record<string, string>, file: UploadedFile | null): ChatSendFields {
  const parsed = ChatSendFields.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message.', 'validation_failed');
  if (!parsed.data.message && !file) throw badRequest(CHAT_MSG.empty, 'empty_message');
  return parsed.data;
}
