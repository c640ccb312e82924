import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { LatLon } from '@jara/shared';
import { CAMPUS_EXTRACT_FILE, RoadGraph, isRoad, type ExtractFeature, type Route } from './road-graph.js';

let campus: RoadGraph | undefined;

/**
 * The campus road graph, built from the committed extract's roads the first time a route is asked
 * for (read synchronously: a few hundred milliseconds once per process, then kept; the places,
 * buildings and areas read with them are the map's, and are let go).
 */
function campusGraph(): RoadGraph {
  if (!campus) {
    const json = gunzipSync(readFileSync(CAMPUS_EXTRACT_FILE)).toString('utf8');
    campus = new RoadGraph((JSON.parse(json) as { features: ExtractFeature[] }).features.filter(isRoad));
  }
  return campus;
}

/** The shortest route by road between two points of the service area, or why there is none. */
export function routeOnCampus(from: LatLon, to: LatLon): Route {
  return campusGraph().route(from, to);
}
