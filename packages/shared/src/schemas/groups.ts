/**
 * Group orders (issue 31, decision 0049): the requests the web sends and the server validates
 * with, and the answers. Money in answers is naira, as everywhere in the API.
 */
import { z } from 'zod';
import { DELIVERY_NOTE_MAX, MAX_CART_QUANTITY } from '../constants.js';
import {
  GROUP_CUT_OFF_CHOICES,
  GROUP_MAX_LINES,
  GROUP_MAX_VENDORS,
  GROUP_MEMBER_STATES,
  GROUP_STATES,
} from '../groups.js';
import { Id, okAnswer, str } from './common.js';
import { OrderDto, QUANTITY_MESSAGE } from './order.js';

/** The secret of a group's share link (`/group/join/<token>`). */
const GroupToken = str().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This group order link is not valid.');

const Quantity = z
  .number({ message: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_CART_QUANTITY, QUANTITY_MESSAGE);

/** A line a member adds: a product of the group's shops, one of its options (the first when absent). */
export const GroupItemInput = z.strictObject({ product: Id, optionId: Id.optional(), quantity: Quantity });
export type GroupItemInput = z.infer<typeof GroupItemInput>;

/** `POST /api/group`: the host opens a group for one of their addresses and up to three shops. */
export const CreateGroupInput = z.strictObject({
  address: Id,
  vendorIds: z
    .array(Id)
    .min(1, 'Pick a shop for the group order.')
    .max(GROUP_MAX_VENDORS, `A group order takes at most ${GROUP_MAX_VENDORS} shops.`),
  cutOffMinutes: z
    .number({ message: 'Pick when the group order closes.' })
    .int('Pick when the group order closes.')
    .refine((m) => (GROUP_CUT_OFF_CHOICES as readonly number[]).includes(m), 'Pick when the group order closes.'),
  /** The host's own first lines (their cart's, when the group starts from it). */
  items: z.array(GroupItemInput).max(GROUP_MAX_LINES, 'Too many items in one share.').optional(),
  deliveryNote: str().trim().max(DELIVERY_NOTE_MAX, `At most ${DELIVERY_NOTE_MAX} characters`).optional(),
});
export type CreateGroupInput = z.infer<typeof CreateGroupInput>;

/** `POST /api/group/join`: a member joins by the link's token. */
export const JoinGroupInput = z.strictObject({ token: GroupToken });
export type JoinGroupInput = z.infer<typeof JoinGroupInput>;

/** `PUT /api/group/:id/items/:itemId`: a member sets one of their lines' quantity (0 removes it). */
export const GroupItemQuantity = z.strictObject({
  quantity: z
    .number({ message: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(0, QUANTITY_MESSAGE)
    .max(MAX_CART_QUANTITY, QUANTITY_MESSAGE),
});
export type GroupItemQuantity = z.infer<typeof GroupItemQuantity>;

export const GroupParams = z.strictObject({ id: Id });
export const GroupItemParams = z.strictObject({ id: Id, itemId: Id });
export const GroupInviteParams = z.strictObject({ token: GroupToken });

const GroupStateDto = z.enum(GROUP_STATES);

const GroupItemDto = z.object({
  _id: z.string(),
  productId: z.string(),
  optionId: z.string(),
  vendorId: z.string(),
  name: z.string(),
  optionName: z.string(),
  image: z.string().nullable(),
  /** naira: fixed when the host closes the group; the catalogue's price until then */
  unitPrice: z.number(),
  quantity: z.number().int(),
});

/** A member's part of the bill, naira: fixed when the group closes, an estimate before. */
const GroupShareDto = z.object({
  items: z.number(),
  delivery: z.number(),
  service: z.number(),
  total: z.number(),
});

const GroupMemberDto = z.object({
  _id: z.string(),
  /** The member's first name (others in the group see no more of them). */
  name: z.string(),
  isHost: z.boolean(),
  isYou: z.boolean(),
  state: z.enum(GROUP_MEMBER_STATES),
  items: z.array(GroupItemDto),
  share: GroupShareDto.nullable(),
});

/** Why a group ended without (or before) an order. */
const GROUP_ENDINGS = ['cancelled_by_host', 'nobody_paid', 'not_closed'] as const;

/** A group as its members see it (`GET /api/group/:id`). */
export const GroupDto = z.object({
  _id: z.string(),
  state: GroupStateDto,
  isHost: z.boolean(),
  hostName: z.string(),
  /** The share link's secret: the link is `/group/join/<token>`. */
  token: z.string(),
  cutOffAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  placedAt: z.string().nullable(),
  ended: z.enum(GROUP_ENDINGS).nullable(),
  /** Where it goes: the host's address (the place and the door details). */
  address: z.object({
    address: z.string(),
    placeName: z.string().nullable(),
    block: z.string(),
    floor: z.string(),
    room: z.string(),
    landmark: z.string(),
  }),
  deliveryNote: z.string(),
  vendors: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** naira: the whole delivery fee (fixed when the group closes) */
  deliveryFee: z.number(),
  /** The shares are fixed (the group is closed); before, they are what the group would pay now. */
  sharesFixed: z.boolean(),
  members: z.array(GroupMemberDto),
  /** The order it became, with its tracking, once placed (every member who paid follows the same). */
  order: OrderDto.nullable(),
});
export type GroupDto = z.infer<typeof GroupDto>;

export const GroupAnswer = okAnswer({ group: GroupDto });
export type GroupAnswer = z.infer<typeof GroupAnswer>;

/** A group in the caller's list (`GET /api/group`) and in an invitation (`GET /api/group/invite/:token`). */
const GroupSummaryDto = z.object({
  _id: z.string(),
  state: GroupStateDto,
  hostName: z.string(),
  vendors: z.array(z.string()),
  place: z.string(),
  cutOffAt: z.string(),
  memberCount: z.number().int(),
  /** The caller is a member already. */
  joined: z.boolean(),
});
export type GroupSummaryDto = z.infer<typeof GroupSummaryDto>;

export const GroupListAnswer = okAnswer({ groups: z.array(GroupSummaryDto) });
export type GroupListAnswer = z.infer<typeof GroupListAnswer>;

export const GroupInviteAnswer = okAnswer({ invite: GroupSummaryDto });
export type GroupInviteAnswer = z.infer<typeof GroupInviteAnswer>;

/** `POST /api/group/:id/pay`: where to pay the caller's share. */
export const GroupPayAnswer = okAnswer({ url: z.string(), reference: z.string() });
export type GroupPayAnswer = z.infer<typeof GroupPayAnswer>;
