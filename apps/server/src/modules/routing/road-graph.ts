import { fileURLToPath } from 'node:url';

/** The committed OpenStreetMap extract of the service area (apps/server/campus/README.md). */
export const CAMPUS_EXTRACT_FILE = fileURLToPath(new URL('../../../campus/campus.geojson.gz', import.meta.url));

/**
 * The `highway` classes a rider on a motorbike or someone on foot can travel: the extract keeps
 * only these, leaving out roads planned or being built, race tracks, bus stops and platforms.
 */
export const ROUTABLE_HIGHWAYS: ReadonlySet<string> = new Set([
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'pedestrian',
  'footway',
  'path',
  'cycleway',
  'bridleway',
  'steps',
]);
