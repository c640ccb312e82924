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
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ServiceArea {
  centre: LatLon;
  radiusKm: number;
}

/** University of Benin, Ugbowo campus. */
export const DEFAULT_SERVICE_AREA: ServiceArea = {
  centre: { latitude: 6.3998, longitude: 5.6099 },
  radiusKm: 12,
};

export function isInServiceArea(point: LatLon, area: ServiceArea = DEFAULT_SERVICE_AREA): boolean {
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return false;
  return haversineKm(point, area.centre) <= area.radiusKm;
}
