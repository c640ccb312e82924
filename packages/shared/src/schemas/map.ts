import { z } from 'zod';
import { Latitude, Longitude, okAnswer } from './common.js';

const Point = z.object({ latitude: Latitude, longitude: Longitude });
/** `[[south, west], [north, east]]`, as Leaflet takes bounds. */
const Bounds = z.tuple([z.tuple([Latitude, Longitude]), z.tuple([Latitude, Longitude])]);

/** A named place the map labels (a hall, a faculty, a gate, a landmark), from the campus extract. */
export const MapPlace = z.object({
  name: z.string(),
  /** The OpenStreetMap tag it was kept for, e.g. `building`, `amenity`, `gate`. */
  kind: z.string(),
  latitude: Latitude,
  longitude: Longitude,
});
export type MapPlace = z.infer<typeof MapPlace>;

/**
 * How to draw the campus map (issue 28): Jara's own raster tiles, the zooms they exist at, the
 * area they cover and the attribution every map shows.
 */
export const MapInfo = z.object({
  /** Leaflet's template, e.g. `/map/tiles/<version>/{z}/{x}/{y}.png`; the version changes with the extract. */
  tileUrl: z.string(),
  minZoom: z.number().int(),
  /** Deepest zoom anywhere: tiles at `maxZoom` exist only inside `detailBounds`. */
  maxZoom: z.number().int(),
  /** Deepest zoom over the whole service area. */
  areaMaxZoom: z.number().int(),
  /** The service area's bounding box. */
  bounds: Bounds,
  /** Where tiles down to `maxZoom` exist (the campus). */
  detailBounds: Bounds,
  centre: Point,
  attribution: z.string(),
  places: z.array(MapPlace),
});
export type MapInfo = z.infer<typeof MapInfo>;

/** `GET /api/map`. */
export const MapInfoAnswer = okAnswer({ map: MapInfo });
export type MapInfoAnswer = z.infer<typeof MapInfoAnswer>;
