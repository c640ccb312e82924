import { haversineKm, isInServiceArea, type LatLon, type ServiceArea } from './geo.js';

/**
 * How far the pin may be dragged from the gazetteer place picked, in metres. The largest places
 * students pick (a hall with its blocks, a faculty, the hostels of Ekosodin around a landmark) reach
 * about 300 m from their point, and the nearest known place to a lodge not in the list is within a
 * few hundred metres of it; 500 m leaves room for both. A pin further away means another place was
 * meant: picking a nearer one keeps the place's name true to where the rider goes.
 */
export const PIN_MAX_DISTANCE_M = 500;

/** Why a door pin cannot be saved, or null when it can. */
export type PinProblem = 'outside_area' | 'too_far';

/** A pin is kept when it lies inside the service area and within PIN_MAX_DISTANCE_M of its place. */
export function pinProblem(place: LatLon, pin: LatLon, area?: ServiceArea): PinProblem | null {
  if (!isInServiceArea(pin, area)) return 'outside_area';
  if (haversineKm(place, pin) * 1000 > PIN_MAX_DISTANCE_M) return 'too_far';
  return null;
}
