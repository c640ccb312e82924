import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { LatLon } from '@jara/shared';
import { CAMPUS_EXTRACT_FILE, RoadGraph, type ExtractFeature, type Route } from './road-graph.js';

let campus: RoadGraph | undefined;

/**
 * The campus road graph, built from the committed extract the first time a route is asked for
 * (read synchronously: a few hundred milliseconds once per process, then kept).
 */
function campusGraph(): RoadGraph {
  if (!campus) {
    const json = gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8');
    campus = new RoadGraph((JSON.parse(json) as { features: ExtractFeature[] }).features);
  }
  return campus;
}

/** The shortest route by road between two points of the service area, or why there is none. */
export function routeOnCampus(from: LatLon, to: LatLon): Route {
  return campusGraph().route(from, to);
}
