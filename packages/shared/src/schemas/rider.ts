import { z } from 'zod';
import { Id, Latitude, Longitude, Phone, SlotDto, Text, okAnswer, str } from './common.js';

export const VEHICLES = ['bicycle', 'motorcycle', 'on foot'] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const MIN_RIDER_AGE = 15;
export const DROP_OFF_WAIT_MS = 5 * 60 * 1000;
/** What a rider delivers: an order from vendors or a parcel dispatch ("job" is a background job). */
export const DELIVERY_KINDS = ['order', 'dispatch'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC date parts). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const IsoDate = str()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth')
  .refine((s) => {
    const t = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(s) && t.getUTCFullYear() >= 1900;
  }, 'Enter a real date');

export const RiderApplicationInput = z.strictObject({
  name: Text(100),
  phone: Phone,
  dateOfBirth: IsoDate.refine((s) => ageOn(s) >= MIN_RIDER_AGE, `Riders must be at least ${MIN_RIDER_AGE} years old`),
  vehicle: z.enum(VEHICLES, { message: 'Choose a vehicle' }),
  acceptTerms: z.literal(true, { message: 'Please accept the rider terms.' }),
});
export type RiderApplicationInput = z.infer<typeof RiderApplicationInput>;

export const OnlineInput = z.strictObject({ isOnline: z.boolean() });
export const JobParams = z.strictObject({ kind: z.enum(DELIVERY_KINDS), id: Id });
export type JobParams = z.infer<typeof JobParams>;
export const DeliverInput = z.strictObject({ code: str().regex(/^\d{4}$/, 'Enter the 4-digit code') });

export const RatingInput = z.strictObject({
  subjectType: z.enum(DELIVERY_KINDS),
  subjectId: Id,
  stars: z.number().int().min(1).max(5),
  comment: str().trim().max(500).optional(),
});
export type RatingInput = z.infer<typeof RatingInput>;

/** How far ahead of the server's clock a position may be stamped (phone clocks drift a little). */
export const POSITION_MAX_AHEAD_MS = 30_000;
/** The shortest gap the server takes between two positions of one rider. */
export const POSITION_MIN_GAP_MS = 2_000;

/**
 * `POST /api/rider/position`: one fix of the phone's Geolocation while a delivery is under way.
 * `at` is when the phone took it (ISO 8601, like every time the API shows); accuracy in metres,
 * heading in degrees from north, speed in metres per second (null when the phone has none).
 */
export const RiderPositionInput = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.number().nonnegative('Accuracy cannot be negative').max(100_000).optional(),
  heading: z
    .number()
    .min(0, 'Heading is in degrees from 0 to 360')
    .max(360, 'Heading is in degrees from 0 to 360')
    .nullish(),
  speed: z.number().nonnegative('Speed cannot be negative').max(100, 'Speed is in metres per second').nullish(),
  at: z.iso.datetime({ offset: true, message: 'Give the time the position was taken' }),
});
export type RiderPositionInput = z.infer<typeof RiderPositionInput>;

/** The latest position of a delivery's rider, as its customer, sender or recipient (and staff) see it. */
export const RiderPositionDto = z.object({
  jobKind: z.enum(DELIVERY_KINDS),
  jobId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** When the phone took it. */
  at: z.string(),
  /** When the server took it. */
  updatedAt: z.string(),
  /** Whole minutes until the door from here, by our road graph; null when no road joins them. */
  etaMinutes: z.number().int().nullable(),
});
export type RiderPositionDto = z.infer<typeof RiderPositionDto>;

/** The rider has tapped "I have arrived" at the door: they wait until `waitUntil` (DROP_OFF_WAIT_MS). */
export const ArrivalDto = z.object({
  /** When the rider tapped it (the server's time). */
  at: z.string(),
  waitUntil: z.string(),
});
export type ArrivalDto = z.infer<typeof ArrivalDto>;

/** `rider.arrived`: to the people of the delivery and staff, the moment the rider is at the door. */
export const RiderArrivedEvent = ArrivalDto.extend({ jobKind: z.enum(DELIVERY_KINDS), jobId: z.string() });
export type RiderArrivedEvent = z.infer<typeof RiderArrivedEvent>;

/** Where a delivery stands for its map: the shop still preparing (no rider yet), the rider on the way to the pickup, or to the door. */
const LIVE_STAGES = ['preparing', 'to_pickup', 'to_door'] as const;

const MapPoint = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * A delivery under way as its tracking map shows it: the pickups and the door, the rider's latest
 * position (null before acceptance or when the rider has been quiet), the road between them and
 * the arrival estimate.
 */
export const LiveDeliveryDto = z.object({
  stage: z.enum(LIVE_STAGES),
  pickups: z.array(MapPoint.extend({ label: z.string() })),
  door: MapPoint,
  rider: RiderPositionDto.nullable(),
  /** Whole minutes until the door; null when no road joins the points. */
  etaMinutes: z.number().int().nullable(),
  /** [lat, lon] along the roads from where the delivery is now (rider, else the pickups) to the door. */
  route: z.array(z.tuple([z.number(), z.number()])),
  /** The rider is at the door, waiting, once they tapped "I have arrived"; null before. */
  arrived: ArrivalDto.nullable(),
  /** The server's time of the answer: a phone whose clock is off still tells how old the rider's position is. */
  now: z.string(),
});
export type LiveDeliveryDto = z.infer<typeof LiveDeliveryDto>;

const RIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const RiderProfileDto = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  vehicle: z.enum(VEHICLES),
  status: z.enum(RIDER_STATUSES),
  rejectionReason: z.string().nullable(),
  isOnline: z.boolean(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type RiderProfileDto = z.infer<typeof RiderProfileDto>;

/** Where the door is: the known place used for the map, and the details inside it. */
export const DoorDto = z.object({
  placeName: z.string().nullable(),
  block: z.string(),
  floor: z.string(),
  room: z.string(),
  landmark: z.string(),
});
export type DoorDto = z.infer<typeof DoorDto>;

export const JobStop = z.object({
  label: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  /** Block, floor, room and landmark at a drop-off or pick-up address, when given. */
  door: DoorDto.nullable().optional(),
  /** Names of the items to collect here (orders). */
  items: z.array(z.string()).optional(),
});
export type JobStop = z.infer<typeof JobStop>;

/** A job on the board, the rider's active job, or one in the history. Money in naira. */
export const JobDto = z.object({
  kind: z.enum(DELIVERY_KINDS),
  _id: z.string(),
  isExpress: z.boolean(),
  distanceKm: z.number(),
  deliveryFee: z.number(),
  riderFee: z.number(),
  pickups: z.array(JobStop),
  dropoff: JobStop,
  note: z.string(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Active jobs: wrong codes so far. */
  codeAttempts: z.number().int().optional(),
  /** Active and finished jobs: locked after too many wrong codes. */
  locked: z.boolean().optional(),
  /** Active jobs: when the rider said they reached the drop-off. */
  arrivedAt: z.string().nullable().optional(),
  /** An order for later: its slot and when to pick it up; null: as soon as possible. */
  slot: SlotDto.extend({ pickupAt: z.string() }).nullable().optional(),
  /**
   * A batch (decision 0048): one rider's job of several orders to one hall. On the board, the first
   * drop's job carries every drop (accepting it takes them all); each active order says which stop
   * it is. `riderFee` on the board is the whole batch's.
   */
  batch: z
    .object({
      id: z.string(),
      stop: z.number().int(),
      of: z.number().int(),
      drops: z.array(JobStop.extend({ orderId: z.string() })),
    })
    .nullable()
    .optional(),
  /** A group order (decision 0049): how many members paid for it; absent or 0: one customer's order. */
  groupMembers: z.number().int().optional(),
});
export type JobDto = z.infer<typeof JobDto>;

/** A rating the signed-in customer gave (`GET /api/ratings/mine`). */
export const MyRatingDto = z.object({
  subjectType: z.enum(DELIVERY_KINDS),
  subjectId: z.string(),
  stars: z.number().int(),
});
export type MyRatingDto = z.infer<typeof MyRatingDto>;

/** `GET /api/rider/me` (null before applying). */
export const RiderMeAnswer = okAnswer({ rider: RiderProfileDto.nullable() });
export type RiderMeAnswer = z.infer<typeof RiderMeAnswer>;
/** `POST /api/rider/online`. */
export const RiderAnswer = okAnswer({ rider: RiderProfileDto });
export type RiderAnswer = z.infer<typeof RiderAnswer>;
/** `POST /api/rider/apply`. */
export const RiderApplyAnswer = okAnswer({ rider: RiderProfileDto, message: z.string() });
export type RiderApplyAnswer = z.infer<typeof RiderApplyAnswer>;
/** `GET /api/rider/jobs`, `/active` and `/history`. */
export const JobListAnswer = okAnswer({ jobs: z.array(JobDto) });
export type JobListAnswer = z.infer<typeof JobListAnswer>;
/** `POST /api/rider/jobs/:kind/:id/arrived`: the 5-minute wait runs from `arrivedAt` to `waitUntil`. */
export const ArrivedAnswer = okAnswer({ arrivedAt: z.string(), waitUntil: z.string() });
export type ArrivedAnswer = z.infer<typeof ArrivedAnswer>;
/** `POST /api/rider/jobs/:kind/:id/absent`: the support conversation that was opened. */
export const AbsentAnswer = okAnswer({ chatId: z.string(), message: z.string() });
export type AbsentAnswer = z.infer<typeof AbsentAnswer>;
/** `POST /api/rider/position`, `GET /api/order/:id/rider-position`, `GET /api/dispatch/:id/rider-position`. */
export const RiderPositionAnswer = okAnswer({ position: RiderPositionDto });
export type RiderPositionAnswer = z.infer<typeof RiderPositionAnswer>;
/** `GET /api/order/:id/live` and `/api/dispatch/:id/live`. */
export const LiveDeliveryAnswer = okAnswer({ live: LiveDeliveryDto });
export type LiveDeliveryAnswer = z.infer<typeof LiveDeliveryAnswer>;
/** `GET /api/ratings/mine`. */
export const MyRatingsAnswer = okAnswer({ ratings: z.array(MyRatingDto) });
export type MyRatingsAnswer = z.infer<typeof MyRatingsAnswer>;

/** The door details of an address snapshot (order or dispatch JSON); null when none were given. */
export function doorOf(json: Record<string, unknown> | null | undefined): DoorDto | null {
  if (!json) return null;
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  const door: DoorDto = {
    placeName: s('placeName') || null,
    block: s('block'),
    floor: s('floor'),
    room: s('room'),
    landmark: s('landmark'),
  };
  return door.block || door.floor || door.room || door.landmark || door.placeName ? door : null;
}
