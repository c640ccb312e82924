import { z } from 'zod';
import { Email, Text, str } from './common.js';

/** Longest chat message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX = 2000;
/** Longest contact-form message and support email reply. */
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages per page of a conversation. */
export const CHAT_PAGE_SIZE = 30;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** What the file pickers offer; the server checks the bytes, not these names. */
export const ACCEPTED_MEDIA = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime';

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

/** What the contact form may carry besides images and videos (a receipt, say). */
export type ContactAttachmentType = ChatMediaType | 'document';

export const CHAT_MSG = {
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
  empty: 'Type a message or attach a photo or video.',
  noChat: 'This conversation does not exist.',
  notYours: 'You can only use your own conversation.',
} as const;

/** The text fields of `POST /api/chat/send` and of an agent's reply (multipart). */
export const ChatSendFields = z.object({
  message: str().trim().max(CHAT_MESSAGE_MAX, CHAT_MSG.tooLong).default(''),
  chatId: str().trim().max(100).optional(),
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

export type ChatMediaType = 'image' | 'video';

/** A chat message as the API and the socket send it (SPEC §3). */
export interface ChatMessageDto {
  _id: string;
  chatId: string;
  senderId: string;
  senderName: string;
  message: string;
  media: string | null;
  mediaType: ChatMediaType | null;
  timestamp: string;
  /** Client flag: false while the message is on its way. */
  sent?: boolean;
}

export interface ChatDto {
  _id: string | null;
  messages: ChatMessageDto[];
  /** Whether older messages exist before the first one given. */
  hasMore: boolean;
  status?: ChatStatus;
}

export type ChatStatus = 'open' | 'resolved';

export const SupportChatsQuery = z.strictObject({
  q: str().trim().max(100).optional(),
  status: z.enum(['open', 'resolved', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SupportChatsQuery = z.infer<typeof SupportChatsQuery>;

export interface SupportChatSummary {
  _id: string;
  status: ChatStatus;
  customer: { _id: string; name: string; email: string };
  lastMessage: { message: string; mediaType: ChatMediaType | null; senderId: string; timestamp: string } | null;
  lastMessageAt: string;
  unread: number;
}

export interface SupportContext {
  customer: { _id: string; name: string; email: string; memberSince: string };
  orders: { _id: string; createdAt: string; amount: number; status: string; items: { name: string; quantity: number; status: string }[] }[];
  dispatches: { _id: string; createdAt: string; status: string; deliveryFee: number; isExpress: boolean; dropoff: string }[];
}

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

export interface ContactMessageDto {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  attachment: string | null;
  attachmentType: ContactAttachmentType | null;
  createdAt: string;
  repliedAt: string | null;
  reply: string | null;
}

/** http and https addresses inside chat text; nothing else becomes a link (never `javascript:`). */
export const LINK_RE = /\bhttps?:\/\/[^\s<>"']+/gi;

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

/** 'Ada is typing...' / 'Ada and Tolu are typing...' (SPEC §2). */
export function typingText(names: readonly string[]): string {
  if (!names.length) return '';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} typing...`;
}
