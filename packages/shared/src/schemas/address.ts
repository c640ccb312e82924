import { z } from 'zod';
import { MSG } from '../messages.js';
import { Email, Latitude, Longitude, Phone, Text, str } from './common.js';

const DoorText = (max: number) => str().trim().max(max, `At most ${max} characters`).default('');

export const AddressInput = z.strictObject({
  firstName: Text(60),
  lastName: Text(60),
  email: Email,
  address: Text(300),
  city: Text(80),
  state: Text(80),
  zipcode: Text(20),
  country: Text(80),
  phone: Phone,
  latitude: Latitude.nullable().optional(),
  longitude: Longitude.nullable().optional(),
  /** The gazetteer place the address is at or nearest to; the server takes its coordinates. */
  placeId: str().trim().min(1).max(120).nullable().optional(),
  block: DoorText(60),
  floor: DoorText(30),
  room: DoorText(30),
  landmark: DoorText(200),
}).superRefine((a, ctx) => {
  if (!a.placeId && (a.latitude == null || a.longitude == null)) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.selectValidAddress });
  }
});
export type AddressInput = z.input<typeof AddressInput>;

/** Where the door is inside the place: all optional, empty when not given. */
export interface DoorDetails {
  block: string;
  floor: string;
  room: string;
  landmark: string;
}

/** "Block C · Floor 2 · Room 214" (empty when none given). */
export function doorLine(d: Partial<DoorDetails> | null | undefined): string {
  if (!d) return '';
  return [d.block && `Block ${d.block.replace(/^block\s+/i, '')}`, d.floor && `Floor ${d.floor.replace(/^floor\s+/i, '')}`, d.room && `Room ${d.room.replace(/^(room|flat)\s+/i, '')}`]
    .filter(Boolean)
    .join(' · ');
}

export interface Address {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** The gazetteer place picked (or nearest, for a place not in the list); null on older addresses. */
  placeId: string | null;
  placeName: string | null;
  block: string;
  floor: string;
  room: string;
  landmark: string;
}

export const PlaceSearchQuery = z.strictObject({ q: str().trim().min(1).max(100) });

/** `GET /api/geocoding/nearby`: the known places nearest a point (for a place not in the list). */
export const NearbyPlacesQuery = z.strictObject({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});


/** A gazetteer entry in the spec's shape. */
export interface GeocodingEntry {
  display_name: string;
  city: string;
  country: string;
  street: string;
  lat: number;
  lon: number;
  place_id: string;
}

export interface Suggestion {
  display_name: string;
  place_id: string;
  lat: number;
  lon: number;
  city: string;
  street: string;
  country: string;
  /** Blocks or wings of a hall or hostel, where known. */
  blocks?: string[];
  /** Distance from the asked point (nearby search only), km. */
  distanceKm?: number;
}
