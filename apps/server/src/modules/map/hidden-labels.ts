import { haversineKm, type MapPlace } from '@jara/shared';

/** How near a label must be to a hidden place to stand for it (a building's label is on or near it). */
const SAME_PLACE_KM = 0.15;

/** "Hall 2 (Tinubu Hall), University of Benin" → "hall 2": the name before its details. */
const baseName = (name: string) =>
  name
    .split(',')[0]!
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase();

/**
 * The map's labels without those standing for a place an admin hid (issue 33). The labels come
 * from the OpenStreetMap extract, the places from the gazetteer, and their names differ in their
 * details ("Hall 2 (Tinubu Female Hostel)" and "Hall 2 (Tinubu Hall), University of Benin"): a
 * label goes when its name before the details is the hidden place's, and it stands near it.
 */
export function withoutHidden(
  labels: readonly MapPlace[],
  hidden: readonly { displayName: string; lat: number; lon: number }[],
): MapPlace[] {
  if (!hidden.length) return [...labels];
  const gone = hidden.map((h) => ({ name: baseName(h.displayName), at: { latitude: h.lat, longitude: h.lon } }));
  return labels.filter((l) => {
    const name = baseName(l.name);
    return !gone.some((h) => h.name === name && haversineKm(h.at, l) <= SAME_PLACE_KM);
  });
}
