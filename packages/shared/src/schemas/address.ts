import { z } from 'zod';
import { MSG } from '../messages.js';
import { Email, Latitude, Longitude, Phone, Text } from './common.js';

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
}).superRefine((a, ctx) => {
  if (a.latitude == null || a.longitude == null) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: MSG.selectValidAddress });
  }
});
export type AddressInput = z.infer<typeof AddressInput>;

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
}

export const PlaceSearchQuery = z.strictObject({ q: z.string().trim().min(1).max(100) });

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
}
