export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Straight-line (great-circle) distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ServiceArea {
  centre: LatLon;
  radiusKm: number;
}

/** University of Benin, Ugbowo campus. */
const DEFAULT_SERVICE_AREA: ServiceArea = {
  centre: { latitude: 6.3998, longitude: 5.6099 },
  radiusKm: 12,
};

export function isInServiceArea(point: LatLon, area: ServiceArea = DEFAULT_SERVICE_AREA): boolean {
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return false;
  return haversineKm(point, area.centre) <= area.radiusKm;
}

/** "Edo Street, Edo Street, Benin City" → "Edo Street, Benin City": drops a part repeated next to itself. */
export function tidyPlaceName(name: string): string {
  const parts = name
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.filter((p, i) => i === 0 || p.toLowerCase() !== parts[i - 1]!.toLowerCase()).join(', ');
}

/** One suggestion per shown name (the first, i.e. the best ranked, wins). */
export function uniqueByName<T extends { display_name: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.display_name.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
