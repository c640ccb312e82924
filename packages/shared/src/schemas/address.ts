import { z } from 'zod';
import { MSG } from '../messages.js';
import { Email, Latitude, Longitude, okAnswer, Phone, Text, str } from './common.js';

const DoorText = (max: number) => str().trim().max(max, `At most ${max} characters`).default('');

export const AddressInput = z
  .strictObject({
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
    /**
     * Where the student dragged the map pin (the building's door), saved instead of the place's
     * coordinates: inside the service area and within PIN_MAX_DISTANCE_M of the place (door-pin.ts).
     */
    pin: z.strictObject({ latitude: Latitude, longitude: Longitude }).optional(),
    block: DoorText(60),
    floor: DoorText(30),
    room: DoorText(30),
    landmark: DoorText(200),
  })
  .superRefine((a, ctx) => {
    if (!a.placeId && (a.latitude == null || a.longitude == null)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.selectValidAddress });
    }
    // A pin is measured from the place it was dragged from: without one there is nothing to measure.
    if (a.pin && !a.placeId) ctx.addIssue({ code: 'custom', path: ['pin'], message: MSG.selectValidAddress });
  });
export type AddressInput = z.input<typeof AddressInput>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The body of `POST /api/address/add` and of an update: the address flat, or as SPEC §7's
 * "address object" wrapped in `{ address: {…} }`, told apart by `address` being an object rather
 * than the street text. Unwrapped before the one check, so both forms get the same messages; keys
 * beside the wrapped object stay, so the strict check refuses them by name.
 */
export const AddressBody = z.preprocess((body) => {
  if (!isRecord(body) || !isRecord(body.address)) return body;
  const { address, ...beside } = body;
  return { ...beside, ...address };
}, AddressInput);

/** A saved address as the API shows it. */
export const Address = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
  phone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The gazetteer place picked (or nearest, for a place not in the list); null on older addresses. */
  placeId: z.string().nullable(),
  placeName: z.string().nullable(),
  block: z.string(),
  floor: z.string(),
  room: z.string(),
  landmark: z.string(),
});
export type Address = z.infer<typeof Address>;

/** `GET /api/address/get`: the caller's saved addresses, oldest first. */
export const AddressListAnswer = okAnswer({ addresses: z.array(Address) });
export type AddressListAnswer = z.infer<typeof AddressListAnswer>;

/** `POST /api/address/add` and `/update/:id`: the address as saved (coordinates from the gazetteer). */
export const AddressAnswer = okAnswer({ message: z.string(), address: Address });
export type AddressAnswer = z.infer<typeof AddressAnswer>;

export const PlaceSearchQuery = z.strictObject({ q: str().trim().min(1).max(100) });

/** `GET /api/geocoding/nearby`: the known places nearest a point (for a place not in the list). */
export const NearbyPlacesQuery = z.strictObject({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/** A gazetteer entry in the spec's shape. */
const GeocodingEntry = z.object({
  display_name: z.string(),
  city: z.string(),
  country: z.string(),
  street: z.string(),
  lat: z.number(),
  lon: z.number(),
  place_id: z.string(),
});

/** A place offered while typing an address (search) or near a point (nearby). */
export const Suggestion = z.object({
  display_name: z.string(),
  place_id: z.string(),
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  street: z.string(),
  country: z.string(),
  /** Blocks or wings of a hall or hostel, where known. */
  blocks: z.array(z.string()).optional(),
  /** Distance from the asked point (nearby search only), km. */
  distanceKm: z.number().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

/** `GET /api/geocoding/fetchAddresses`: the whole gazetteer, by name. */
export const GeocodingListAnswer = okAnswer({ data: z.array(GeocodingEntry) });
export type GeocodingListAnswer = z.infer<typeof GeocodingListAnswer>;

/** `GET /api/geocoding/search` and `/nearby`: the best places, best first. */
export const SuggestionsAnswer = okAnswer({ data: z.array(Suggestion) });
export type SuggestionsAnswer = z.infer<typeof SuggestionsAnswer>;
