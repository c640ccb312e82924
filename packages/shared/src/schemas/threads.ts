import { z } from 'zod';
import { okAnswer, SlotDto } from './common.js';
import { ChatMediaType, ChatMessageDto, ChatSendFields } from './chat.js';
import { ThreadDisputesDto } from './disputes.js';
import { DoorDto } from './rider.js';
import { TrackingStepDto } from './tracking.js';

/**
 * Order threads: one conversation per order or dispatch joining its customer, the vendors of its
 * items, its rider once assigned, and support once the customer asks. They are conversations
 * beside the support chat (the same messages, uploads, typing and read marks), with their own calls.
 */
export const ThreadKind = z.enum(['order', 'dispatch']);
export type ThreadKind = z.infer<typeof ThreadKind>;

/** A thread takes messages until this many days after its delivery (or cancellation), then only shows them. */
export const THREAD_OPEN_DAYS = 7;

export const THREAD_MSG = {
  closed: `This conversation closed ${THREAD_OPEN_DAYS} days after delivery. You can still read it.`,
  notImage: 'Only photos (JPEG, PNG, WebP, GIF) can be sent here.',
  noThread: 'This conversation does not exist.',
  helpAsked: 'Support has been asked to join.',
} as const;

export const ThreadRole = z.enum(['customer', 'vendor', 'rider', 'support']);
export type ThreadRole = z.infer<typeof ThreadRole>;

/** Someone in the thread: first name only for people outside staff. */
export const ThreadPersonDto = z.object({ _id: z.string(), name: z.string(), role: ThreadRole });
export type ThreadPersonDto = z.infer<typeof ThreadPersonDto>;

/** The order or dispatch pinned at the top of its thread (amounts in naira). */
export const ThreadCardDto = z.object({
  kind: ThreadKind,
  _id: z.string(),
  /** "Order 3f9a1c2e" / "Dispatch 3f9a1c2e": the id's first eight characters, as the receipts show. */
  reference: z.string(),
  status: z.string(),
  /** What the customer paid (naira). */
  amount: z.number(),
  items: z.array(
    z.object({
      name: z.string(),
      option: z.string(),
      quantity: z.number().int(),
      /** naira, each */
      price: z.number(),
      shop: z.string(),
      status: z.string(),
    }),
  ),
  /** Where it goes: who and the place line. */
  deliverTo: z.string(),
  door: DoorDto.nullable(),
  deliveryNote: z.string(),
  timeline: z.array(TrackingStepDto),
  createdAt: z.string(),
  /** An order for later: its delivery slot (decision 0047); null: as soon as possible. */
  slot: SlotDto.nullable().optional(),
});
export type ThreadCardDto = z.infer<typeof ThreadCardDto>;

/** A thread as one of its people opens it: the card, the people and the latest page of messages. */
export const OrderThreadDto = z.object({
  _id: z.string(),
  card: ThreadCardDto,
  people: z.array(ThreadPersonDto),
  /** Support was asked into the thread. */
  helpRequested: z.boolean(),
  /** Read-only from this time (7 days after delivery); null while the delivery is not over. */
  closesAt: z.string().nullable(),
  readOnly: z.boolean(),
  /** For support and admins only (empty for everyone else): whom to call about it. */
  contacts: z.array(z.object({ role: ThreadRole, name: z.string(), phone: z.string() })),
  /** An order's disputes and whether its customer may open one; null for a dispatch. */
  disputes: ThreadDisputesDto.nullable(),
  messages: z.array(ChatMessageDto),
  hasMore: z.boolean(),
});
export type OrderThreadDto = z.infer<typeof OrderThreadDto>;

/** `GET /api/threads/:kind/:id`: the thread of an order or dispatch (made on first open). */
export const OrderThreadAnswer = okAnswer({ thread: OrderThreadDto });
export type OrderThreadAnswer = z.infer<typeof OrderThreadAnswer>;

export const ThreadParams = z.strictObject({ kind: ThreadKind, id: z.uuid({ message: 'Invalid id' }) });
export type ThreadParams = z.infer<typeof ThreadParams>;

/** A thread in its people's list: the subject, the last message and the reader's unread count. */
export const ThreadSummaryDto = z.object({
  _id: z.string(),
  kind: ThreadKind,
  subjectId: z.string(),
  lastMessage: z
    .object({ message: z.string(), mediaType: ChatMediaType.nullable(), senderId: z.string(), timestamp: z.string() })
    .nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
});
export type ThreadSummaryDto = z.infer<typeof ThreadSummaryDto>;

/** `GET /api/threads`: the caller's threads, latest message first. */
export const ThreadsAnswer = okAnswer({ threads: z.array(ThreadSummaryDto) });
export type ThreadsAnswer = z.infer<typeof ThreadsAnswer>;

/** The text field of `POST /api/threads/:kind/:id/messages` (multipart; the photo is `attachment`). */
export const ThreadSendFields = ChatSendFields.omit({ chatId: true });
export type ThreadSendFields = z.infer<typeof ThreadSendFields>;

/** `POST /api/threads/:kind/:id/messages`: the message as saved. */
export const ThreadSendAnswer = okAnswer({ message: z.string(), newMessage: ChatMessageDto });
export type ThreadSendAnswer = z.infer<typeof ThreadSendAnswer>;
