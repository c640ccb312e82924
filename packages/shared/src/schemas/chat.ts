import { z } from 'zod';
import { Email, okAnswer, Text, str } from './common.js';
import { DoorDto } from './rider.js';

/** Longest chat message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;
/** Longest contact-form message and support email reply. */
const CONTACT_MESSAGE_MAX = 5000;
/** Messages per page of a conversation. */
const CHAT_PAGE_SIZE = 30;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;

export const UPLOAD_MSG = {
  badType: 'Only images (JPEG, PNG, WebP, GIF) and videos (MP4, WebM, MOV) can be attached.',
  imageTooLarge: 'Images must be at most 10 MB.',
  videoTooLarge: 'Videos must be at most 50 MB.',
  unreadable: 'This image could not be read. Please try another file.',
  contactBadType: 'Attach an image (JPEG, PNG, WebP, GIF), a video (MP4, WebM, MOV) or a PDF.',
  documentTooLarge: 'Documents must be at most 10 MB.',
} as const;

/** The size problem of a file the user picked, judged by its declared type (the server checks the bytes). */
export function attachmentSizeError(file: { size: number; type: string }): string | null {
  if (file.type.startsWith('video/')) return file.size > VIDEO_MAX_BYTES ? UPLOAD_MSG.videoTooLarge : null;
  if (file.type.startsWith('image/')) return file.size > IMAGE_MAX_BYTES ? UPLOAD_MSG.imageTooLarge : null;
  return file.size > IMAGE_MAX_BYTES ? UPLOAD_MSG.documentTooLarge : null;
}

export const ChatMediaType = z.enum(['image', 'video']);
export type ChatMediaType = z.infer<typeof ChatMediaType>;

/** What the contact form may carry besides images and videos (a receipt, say). */
export const ContactAttachmentType = z.enum(['image', 'video', 'document']);
export type ContactAttachmentType = z.infer<typeof ContactAttachmentType>;

export const CHAT_MSG = {
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
  empty: 'Type a message or attach a photo or video.',
  noChat: 'This conversation does not exist.',
  notYours: 'You can only use your own conversation.',
} as const;

/** What a form sends for a chat id it does not have: nothing, or the missing value stringified. */
const NO_CHAT_ID = new Set(['', 'null', 'undefined']);

/** The text fields of `POST /api/chat/send` and of an agent's reply (multipart). */
export const ChatSendFields = z.object({
  message: str().trim().max(CHAT_MESSAGE_MAX, CHAT_MSG.tooLong).default(''),
  /** Absent, empty, "null" or "undefined": no conversation yet, so the first message makes one (SPEC §4). */
  chatId: str()
    .trim()
    .max(100)
    .optional()
    .transform((id) => (id === undefined || NO_CHAT_ID.has(id) ? undefined : id)),
});
export type ChatSendFields = z.infer<typeof ChatSendFields>;

export const ChatMessagesQuery = z.strictObject({
  /** The `_id` of the oldest message already shown. */
  before: z.uuid({ message: 'Invalid cursor' }).optional(),
  /** With `chatId`, agents page through any conversation; customers only their own. */
  chatId: z.uuid({ message: 'Invalid id' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

/** `GET /api/support/chats/:id`: the conversation is in the path. */
export const SupportThreadQuery = ChatMessagesQuery.pick({ before: true, limit: true });
export type SupportThreadQuery = z.infer<typeof SupportThreadQuery>;

/** `POST /api/chat/read`: the caller has seen every message of the conversation. */
export const ChatReadInput = z.strictObject({ chatId: z.uuid() });
export type ChatReadInput = z.infer<typeof ChatReadInput>;

/** A chat message as the API and the socket send it (SPEC §3). */
export const ChatMessageDto = z.object({
  _id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  message: z.string(),
  media: z.string().nullable(),
  mediaType: ChatMediaType.nullable(),
  timestamp: z.string(),
  /** Client flag: false while the message is on its way. */
  sent: z.boolean().optional(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

export const ChatStatus = z.enum(['open', 'resolved']);
export type ChatStatus = z.infer<typeof ChatStatus>;

/** A page of a conversation, oldest message first; `_id` is null before the first message. */
export const ChatDto = z.object({
  _id: z.string().nullable(),
  messages: z.array(ChatMessageDto),
  /** Whether older messages exist before the first one given. */
  hasMore: z.boolean(),
  status: ChatStatus.optional(),
});
export type ChatDto = z.infer<typeof ChatDto>;

/** `GET /api/chat/get-chat/` and `POST /api/chat/send`: the caller's conversation, latest page. */
export const ChatAnswer = okAnswer({ message: z.string(), chat: ChatDto });
export type ChatAnswer = z.infer<typeof ChatAnswer>;

/** `GET /api/chat/messages`: a page of a conversation (older ones with `before`). */
export const ChatMessagesAnswer = okAnswer({ chat: ChatDto });
export type ChatMessagesAnswer = z.infer<typeof ChatMessagesAnswer>;

/** `GET /api/chat/unread`: the caller's conversation and how many messages they have not read. */
export const ChatUnreadAnswer = okAnswer({ chatId: z.string().nullable(), unread: z.number().int() });
export type ChatUnreadAnswer = z.infer<typeof ChatUnreadAnswer>;

export const SupportChatsQuery = z.strictObject({
  q: str().trim().max(100).optional(),
  status: z.enum(['open', 'resolved', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SupportChatsQuery = z.infer<typeof SupportChatsQuery>;

const Person = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** The order or dispatch of an order thread in the support inbox; null for a support conversation. */
const ThreadSubject = z.object({ kind: z.enum(['order', 'dispatch']), _id: z.string() }).nullable();

/** A conversation in the support inbox: the customer, a preview and the agent's unread count. */
export const SupportChatSummary = z.object({
  _id: z.string(),
  status: ChatStatus,
  customer: Person,
  subject: ThreadSubject,
  lastMessage: z
    .object({ message: z.string(), mediaType: ChatMediaType.nullable(), senderId: z.string(), timestamp: z.string() })
    .nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
});
export type SupportChatSummary = z.infer<typeof SupportChatSummary>;

/** `GET /api/support/chats`: the inbox, latest message first. */
export const SupportChatsAnswer = okAnswer({ chats: z.array(SupportChatSummary) });
export type SupportChatsAnswer = z.infer<typeof SupportChatsAnswer>;

/** One conversation as an agent sees it: its customer (null once the account is gone) and a page. */
export const SupportThread = z.object({
  _id: z.string(),
  status: ChatStatus,
  customer: Person.nullable(),
  subject: ThreadSubject,
  messages: z.array(ChatMessageDto),
  hasMore: z.boolean(),
});
export type SupportThread = z.infer<typeof SupportThread>;

/** `GET /api/support/chats/:id`. */
export const SupportThreadAnswer = okAnswer({ chat: SupportThread });
export type SupportThreadAnswer = z.infer<typeof SupportThreadAnswer>;

const ChatState = z.object({ _id: z.string(), status: ChatStatus });

/** `POST /api/support/chats/:id/reply`: the agent's message as saved. */
export const SupportReplyAnswer = okAnswer({ message: z.string(), chat: ChatState, newMessage: ChatMessageDto });
export type SupportReplyAnswer = z.infer<typeof SupportReplyAnswer>;

/** `POST /api/support/chats/:id/resolve` and `/reopen`. */
export const ChatStatusAnswer = okAnswer({ message: z.string(), chat: ChatState });
export type ChatStatusAnswer = z.infer<typeof ChatStatusAnswer>;

/** What an agent needs to answer "where is my order": the customer's recent paid orders and dispatches. */
export const SupportContext = z.object({
  customer: Person.extend({ memberSince: z.string() }),
  orders: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      /** naira */
      amount: z.number(),
      status: z.string(),
      items: z.array(z.object({ name: z.string(), quantity: z.number().int(), status: z.string() })),
      /** Who and where: "Ada Obi — Ugbowo, Benin City" (the city once). */
      deliverTo: z.string(),
      /** Block, floor, room and landmark, when given at checkout. */
      door: DoorDto.nullable(),
      deliveryNote: z.string(),
    }),
  ),
  dispatches: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      status: z.string(),
      /** naira */
      deliveryFee: z.number(),
      isExpress: z.boolean(),
      dropoff: z.string(),
    }),
  ),
});
export type SupportContext = z.infer<typeof SupportContext>;

/** `GET /api/support/chats/:id/context`. */
export const SupportContextAnswer = okAnswer({ context: SupportContext });
export type SupportContextAnswer = z.infer<typeof SupportContextAnswer>;

/** The text fields of `POST /api/mail/contact` (multipart; the attachment is optional). */
export const ContactInput = z.object({
  name: Text(100),
  email: Email,
  subject: Text(200),
  message: Text(CONTACT_MESSAGE_MAX),
});
export type ContactInput = z.infer<typeof ContactInput>;

export const ContactReplyInput = z.strictObject({ message: Text(CONTACT_MESSAGE_MAX) });
export type ContactReplyInput = z.infer<typeof ContactReplyInput>;

/** `GET /api/support/contact-messages`. */
export const ContactMessagesQuery = z.strictObject({
  q: str().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ContactMessagesQuery = z.infer<typeof ContactMessagesQuery>;

/** A contact-form message in the support inbox, with the agent's emailed reply once sent. */
export const ContactMessageDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Where an agent downloads the attachment, if any. */
  attachment: z.string().nullable(),
  attachmentType: ContactAttachmentType.nullable(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
  reply: z.string().nullable(),
});
export type ContactMessageDto = z.infer<typeof ContactMessageDto>;

/** `GET /api/support/contact-messages`: newest first. */
export const ContactMessagesAnswer = okAnswer({ messages: z.array(ContactMessageDto) });
export type ContactMessagesAnswer = z.infer<typeof ContactMessagesAnswer>;

/** `POST /api/support/contact-messages/:id/reply`: the message with the reply recorded. */
export const ContactReplyAnswer = okAnswer({ message: z.string(), contactMessage: ContactMessageDto });
export type ContactReplyAnswer = z.infer<typeof ContactReplyAnswer>;

/** http and https addresses inside chat text; nothing else becomes a link (never `javascript:`). */
const LINK_RE = /\bhttps?:\/\/[^\s<>"']+/gi;

/** Splits text into plain parts and http(s) links (trailing punctuation stays text). */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK_RE)) {
    let url = m[0];
    const trail = /[.,;:!?)\]]+$/.exec(url);
    if (trail) url = url.slice(0, -trail[0].length);
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    let safe: string | undefined;
    try {
      const u = new URL(url);
      if (u.protocol === 'http:' || u.protocol === 'https:') safe = u.href;
    } catch {
      safe = undefined;
    }
    parts.push(safe ? { text: url, href: safe } : { text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
