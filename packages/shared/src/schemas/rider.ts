import { z } from 'zod';
import { Id, Phone, Text, str } from './common.js';

export const VEHICLES = ['bicycle', 'motorcycle', 'on foot'] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const MIN_RIDER_AGE = 15;
export const DROP_OFF_WAIT_MS = 5 * 60 * 1000;
export const JOB_KINDS = ['order', 'dispatch'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC date parts). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const IsoDate = str().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth').refine((s) => {
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
export const JobParams = z.strictObject({ kind: z.enum(JOB_KINDS), id: Id });
export const DeliverInput = z.strictObject({ code: str().regex(/^\d{4}$/, 'Enter the 4-digit code') });

export const RatingInput = z.strictObject({
  subjectType: z.enum(JOB_KINDS),
  subjectId: Id,
  stars: z.number().int().min(1).max(5),
  comment: str().trim().max(500).optional(),
});
export type RatingInput = z.infer<typeof RatingInput>;

export interface RiderProfileDto {
  _id: string;
  name: string;
  phone: string;
  dateOfBirth: string;
  vehicle: Vehicle;
  status: 'pending' | 'approved' | 'rejected';
  rejectionReason: string | null;
  isOnline: boolean;
  rating: number | null;
  ratingCount: number;
}

export interface JobStop {
  label: string;
  address: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  /** Block, floor, room and landmark at a drop-off or pick-up address, when given. */
  door?: DoorDto | null;
  /** Names of the items to collect here (orders). */
  items?: string[];
}

/** A job on the board or the rider's active job. Money in naira. */
export interface JobDto {
  kind: JobKind;
  _id: string;
  isExpress: boolean;
  distanceKm: number;
  deliveryFee: number;
  riderFee: number;
  pickups: JobStop[];
  dropoff: JobStop;
  note: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  codeAttempts?: number;
  locked?: boolean;
  arrivedAt?: string | null;
}

/** Where the door is: the known place used for the map, and the details inside it. */
export interface DoorDto {
  placeName: string | null;
  block: string;
  floor: string;
  room: string;
  landmark: string;
}

/** The door details of an address snapshot (order or dispatch JSON); null when none were given. */
export function doorOf(json: Record<string, unknown> | null | undefined): DoorDto | null {
  if (!json) return null;
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  const door: DoorDto = { placeName: s('placeName') || null, block: s('block'), floor: s('floor'), room: s('room'), landmark: s('landmark') };
  return door.block || door.floor || door.room || door.landmark || door.placeName ? door : null;
}
