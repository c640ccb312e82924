import { z } from 'zod';
import type { ChatMessageDto } from './schemas/chat.js';
import type { DispatchDto } from './schemas/dispatch.js';
import { DELIVERY_KINDS, type RiderArrivedEvent, type RiderPositionDto } from './schemas/rider.js';
import type { PayoutDto } from './schemas/seller.js';
import { ITEM_STATUSES, type ItemStatus } from './status.js';

/** Answer to `join-room` (optional acknowledgement; the spec's clients may omit it). */
export interface JoinRoomAck {
  ok: boolean;
  message?: string;
}

/** A conversation's or a message's id as a socket event carries it (any 8-4-4-4-12 hex id). */
const EventId = z.guid({ message: 'Invalid id' });
/** The sender's id and name some events carry: the server reads both from the session instead. */
const Ignored = z.string().max(200).nullish();

/**
 * What each event a browser sends carries, by the names SPEC §7 gives its arguments, in order.
 * Clients send them positionally (`join-room (roomId, userId)`) or as one object with those
 * names (`{ roomId, userId }`); `readClientEvent` checks either form with the same schema.
 */
export const ClientEventArgs = {
  'join-room': { names: ['roomId', 'userId'], schema: z.object({ roomId: EventId, userId: Ignored }) },
  'leave-room': { names: ['roomId'], schema: z.object({ roomId: EventId }) },
  typing: {
    names: ['chatId', 'userId', 'name'],
    schema: z.object({ chatId: EventId, userId: Ignored, name: Ignored }),
  },
  'stop-typing': { names: ['chatId', 'userId'], schema: z.object({ chatId: EventId, userId: Ignored }) },
  'send-message': {
    names: ['roomId', 'message'],
    schema: z.object({ roomId: EventId, message: z.object({ _id: EventId }) }),
  },
} as const;
export type ClientEvent = keyof typeof ClientEventArgs;
/** An event's arguments as one object (the second form clients send). */
type ClientEventPayload<E extends ClientEvent> = z.input<(typeof ClientEventArgs)[E]['schema']>;

type Ack = (res: JoinRoomAck) => void;
/** The message a client relays: the saved one as it came back, of which only the id is read. */
type SentMessage = Pick<ChatMessageDto, '_id'> & Partial<ChatMessageDto>;

/** Events a browser sends (SPEC §7; names kept as the spec has them), in either form. */
export interface ClientToServerEvents {
  'join-room': (
    ...args: [roomId: string, userId?: string, ack?: Ack] | [payload: ClientEventPayload<'join-room'>, ack?: Ack]
  ) => void;
  'leave-room': (...args: [roomId: string] | [payload: ClientEventPayload<'leave-room'>]) => void;
  typing: (...args: [chatId: string, userId?: string, name?: string] | [payload: ClientEventPayload<'typing'>]) => void;
  'stop-typing': (...args: [chatId: string, userId?: string] | [payload: ClientEventPayload<'stop-typing'>]) => void;
  'send-message': (
    ...args: [roomId: string, message: SentMessage] | [payload: { roomId: string; message: SentMessage }]
  ) => void;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A client event's arguments in either form, checked: one object with the spec's names, or the
 * positional arguments named in order. A trailing function is the acknowledgement, never an
 * argument (`join-room (roomId, ack)` leaves `userId` out). `data` is null when they do not fit.
 */
export function readClientEvent<E extends ClientEvent>(
  event: E,
  args: readonly unknown[],
): { data: z.output<(typeof ClientEventArgs)[E]['schema']> | null; ack: ((...res: unknown[]) => void) | null } {
  const last = args.at(-1);
  const ack = typeof last === 'function' ? (last as (...res: unknown[]) => void) : null;
  const values = ack ? args.slice(0, -1) : args;
  const { names, schema } = ClientEventArgs[event];
  const [first] = values;
  const named = isPlainObject(first) ? first : Object.fromEntries(names.map((name, i) => [name, values[i]]));
  const parsed = schema.safeParse(named);
  return { data: parsed.success ? (parsed.data as z.output<(typeof ClientEventArgs)[E]['schema']>) : null, ack };
}

const itemStatus = z.custom<ItemStatus>((v) => (ITEM_STATUSES as readonly unknown[]).includes(v), 'not an item status');

/** `order.updated` (the customer's room): the order's shown status and its items' statuses. */
export const OrderUpdatedEvent = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: itemStatus,
  items: z.array(z.object({ _id: z.string(), status: itemStatus, cancelReason: z.string().nullable() })),
});
export type OrderUpdatedEvent = z.infer<typeof OrderUpdatedEvent>;

/** `vendor.order.created` / `vendor.order.cancelled` (the vendor owner's room): that vendor's lines. Money in naira. */
export const VendorOrderEvent = z.object({
  orderId: z.string(),
  vendorId: z.string(),
  items: z.array(
    z.object({
      _id: z.string(),
      productId: z.string(),
      name: z.string(),
      optionName: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      status: itemStatus,
    }),
  ),
});
export type VendorOrderEvent = z.infer<typeof VendorOrderEvent>;

/** `job.available` / `job.taken` (every rider): a job appeared on, or left, the board. */
export const JobBoardEvent = z.object({ kind: z.enum(DELIVERY_KINDS), _id: z.string() });
export type JobBoardEvent = z.infer<typeof JobBoardEvent>;

/**
 * `support.alert` (support agents): a job was locked after too many wrong delivery codes, or has
 * waited RIDER_ACCEPT_MINUTES on the board with no rider.
 */
export const SupportAlertEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order_code_locked'),
    orderId: z.string(),
    riderId: z.string(),
    message: z.string(),
    createdAt: z.string(),
  }),
  z.object({
    kind: z.literal('dispatch_code_locked'),
    dispatchId: z.string(),
    riderId: z.string().nullable(),
    userId: z.string(),
    message: z.string(),
    createdAt: z.string(),
  }),
  z.object({
    kind: z.literal('no_rider'),
    jobKind: z.enum(DELIVERY_KINDS),
    jobId: z.string(),
    message: z.string(),
    createdAt: z.string(),
  }),
]);
export type SupportAlertEvent = z.infer<typeof SupportAlertEvent>;

/** `order.ready` (the order's rider): a shop says its part of the order is ready to collect. */
export const OrderReadyEvent = z.object({ orderId: z.string(), shop: z.string(), at: z.string() });
export type OrderReadyEvent = z.infer<typeof OrderReadyEvent>;

/** `group.updated` (every member of a group order): it changed; the page reads it again (decision 0049). */
const GroupUpdatedEvent = z.object({ groupId: z.string() });
export type GroupUpdatedEvent = z.infer<typeof GroupUpdatedEvent>;

/** `chat.updated` (support inbox, and the customer): a conversation changed (new message, resolved, reopened). */
const ChatUpdatedEvent = z.object({
  chatId: z.string(),
  status: z.enum(['open', 'resolved']),
  lastMessageAt: z.string(),
});
type ChatUpdatedEvent = z.infer<typeof ChatUpdatedEvent>;

/**
 * Every event the server sends, by name: the server's `Server` and the browser's `Socket` are
 * typed with it, so a misspelt name or a wrong payload does not compile on either side. The
 * sender's id and name always come from the server's session. Payloads that are also HTTP answers
 * (dispatch, payout, chat message) keep their DTO types; the others have zod schemas above, which
 * the server's Socket.IO tests check what is really sent against.
 */
export interface ServerToClientEvents {
  'receive-message': (message: ChatMessageDto) => void;
  typing: (userId: string, name: string, chatId: string) => void;
  'stop-typing': (userId: string, chatId: string) => void;
  'chat.updated': (update: ChatUpdatedEvent) => void;
  'order.updated': (update: OrderUpdatedEvent) => void;
  'vendor.order.created': (order: VendorOrderEvent) => void;
  'vendor.order.cancelled': (order: VendorOrderEvent) => void;
  /** To the sender (their view, with the delivery code) and to the rider holding it (theirs). */
  'dispatch.updated': (dispatch: DispatchDto) => void;
  'job.available': (job: JobBoardEvent) => void;
  'job.taken': (job: JobBoardEvent) => void;
  /** To the payee: a payout was paid or failed (the earnings view refreshes). */
  'payout.updated': (payout: PayoutDto) => void;
  'support.alert': (alert: SupportAlertEvent) => void;
  /**
   * To the people of a delivery under way (the order's customer; the dispatch's sender and its
   * recipient when they have an account) and to support and admins: its rider's latest position.
   */
  'rider.position.updated': (position: RiderPositionDto) => void;
  /** To the same people: the rider is at the door and waits for them (the drop-off countdown starts). */
  'rider.arrived': (arrival: RiderArrivedEvent) => void;
  /** To the order's rider: a shop has its part ready (the rider knows when to come). */
  'order.ready': (ready: OrderReadyEvent) => void;
  /** To every member of a group order: someone joined, added, paid, or the group closed or was placed. */
  'group.updated': (update: GroupUpdatedEvent) => void;
}

/** The name of an event the server sends. */
export type ServerEvent = keyof ServerToClientEvents;

/** What an event the server sends carries (its arguments). */
export type ServerEventArgs<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>;
