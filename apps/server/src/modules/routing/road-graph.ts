import { fileURLToPath } from 'node:url';
import createGraph, { type Graph, type Node } from 'ngraph.graph';
import { aStar, type PathFinder } from 'ngraph.path';
import { haversineKm, type LatLon } from '@jara/shared';

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

/** A point farther than this from every road vertex is not on our map: no route is made up for it. */
const MAX_SNAP_METRES = 300;
const METRES_PER_DEGREE_LAT = 111_195;

/**
 * A feature of the extract as the extract script writes it: [lon, lat] positions, GeoJSON's order.
 * Roads and places carry their OSM id; waterways, areas and buildings (the map's) carry none.
 */
export interface ExtractFeature {
  id?: string;
  properties: {
    highway?: string;
    name?: string;
    oneway?: string;
    /** A place's: the tag it was kept for (`amenity`, `building` …, or `gate`). */
    kind?: string;
    building?: string;
    amenity?: string;
    landuse?: string;
    leisure?: string;
    natural?: string;
    waterway?: string;
  };
  geometry:
    | { type: 'LineString'; coordinates: [number, number][] }
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'Polygon'; coordinates: [number, number][][] }
    | { type: 'MultiPolygon'; coordinates: [number, number][][][] };
}

/** A road of the extract: what the graph is built from. */
export interface Road {
  id: string;
  properties: { highway: string; name?: string; oneway?: string };
  geometry: { type: 'LineString'; coordinates: [number, number][] };
}

/** Whether a feature of the extract is a road (a waterway is a line too, and is not one). */
export const isRoad = (f: ExtractFeature): f is Road =>
  f.geometry.type === 'LineString' && f.properties.highway !== undefined && f.id !== undefined;

/** A road segment between two consecutive vertices of one OSM way. */
interface Segment {
  metres: number;
  highway: string;
  wayId: string;
}

export type Route =
  | {
      reachable: true;
      /** Whole metres along the roads, plus the straight legs from each point to its nearest road vertex. */
      metres: number;
      /** [lat, lon] from the start point, along the roads, to the end point. */
      path: [number, number][];
      /** The OSM ways followed, in order, each once per stretch. */
      wayIds: string[];
      /**
       * Metres along each `highway` class (what the time on it depends on); the straight legs
       * between each point and its nearest road vertex are counted under OFF_ROAD.
       */
      metresByClass: Record<string, number>;
    }
  | {
      reachable: false;
      /** from_off_road / to_off_road: farther than 300 m from any road we know; no_path: no roads join them. */
      reason: 'from_off_road' | 'to_off_road' | 'no_path';
    };

const metresBetween = (a: LatLon, b: LatLon) => haversineKm(a, b) * 1000;

/** The class a route's straight legs, from a point to the road and from the road to a point, are counted under. */
export const OFF_ROAD = 'off_road';

/**
 * The extract's roads as an undirected graph: one node per distinct vertex, so ways that share a
 * vertex join there (and ways that cross without one, a bridge over a road, do not); one link per
 * pair of consecutive vertices, weighted by its length in metres. Oneway tags are kept in the
 * extract but not followed yet: riders and walkers are routed the same way.
 */
export class RoadGraph {
  private readonly graph: Graph<LatLon, Segment> = createGraph();
  private readonly finder: PathFinder<LatLon>;
  /** Nodes by grid cell; a cell is at least MAX_SNAP_METRES wide, so a 3×3 block holds every node close enough. */
  private readonly cells = new Map<number, number[]>();
  private readonly cellLat = MAX_SNAP_METRES / METRES_PER_DEGREE_LAT;
  private readonly cellLon: number;

  constructor(roads: readonly Road[]) {
    const ids = new Map<string, number>();
    const nodeAt = ([lon, lat]: [number, number]) => {
      const key = `${lon},${lat}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size;
        ids.set(key, id);
        this.graph.addNode(id, { latitude: lat, longitude: lon });
      }
      return id;
    };
    let maxAbsLat = 0;
    for (const f of roads) {
      const line = f.geometry.coordinates;
      const highway = f.properties.highway;
      for (let i = 1; i < line.length; i++) {
        const a = nodeAt(line[i - 1]!);
        const b = nodeAt(line[i]!);
        if (a === b || this.graph.hasLink(a, b) || this.graph.hasLink(b, a)) continue;
        const metres = metresBetween(this.graph.getNode(a)!.data, this.graph.getNode(b)!.data);
        this.graph.addLink(a, b, { metres, highway, wayId: f.id });
        maxAbsLat = Math.max(maxAbsLat, Math.abs(line[i]![1]));
      }
    }
    // A degree of longitude is shortest at the latitude farthest from the equator: size for that one.
    this.cellLon = this.cellLat / Math.cos((maxAbsLat * Math.PI) / 180);
    this.graph.forEachNode((node) => {
      const key = this.cellKey(this.row(node.data.latitude), this.col(node.data.longitude));
      const cell = this.cells.get(key);
      if (cell) cell.push(node.id as number);
      else this.cells.set(key, [node.id as number]);
    });
    this.finder = aStar(this.graph, {
      distance: (_from, _to, link) => link.data.metres,
      // The straight line never overestimates a road's length, so A* still finds the shortest route.
      heuristic: (from, to) => metresBetween(from.data, to.data),
    });
  }

  private row(lat: number) {
    return Math.floor(lat / this.cellLat);
  }
  private col(lon: number) {
    return Math.floor(lon / this.cellLon);
  }
  private cellKey(row: number, col: number) {
    return row * 2 ** 21 + col;
  }

  /** The road vertex nearest to a point, if one lies within MAX_SNAP_METRES. */
  private nearest(point: LatLon): Node<LatLon> | null {
    const row = this.row(point.latitude);
    const col = this.col(point.longitude);
    let best: Node<LatLon> | null = null;
    let bestMetres = MAX_SNAP_METRES;
    for (let r = row - 1; r <= row + 1; r++) {
      for (let c = col - 1; c <= col + 1; c++) {
        for (const id of this.cells.get(this.cellKey(r, c)) ?? []) {
          const node = this.graph.getNode(id)!;
          const metres = metresBetween(point, node.data);
          if (metres <= bestMetres) {
            best = node;
            bestMetres = metres;
          }
        }
      }
    }
    return best;
  }

  /** The shortest route by road between two points, each joined to its nearest road vertex. */
  route(from: LatLon, to: LatLon): Route {
    const start = this.nearest(from);
    if (!start) return { reachable: false, reason: 'from_off_road' };
    const end = this.nearest(to);
    if (!end) return { reachable: false, reason: 'to_off_road' };
    // ngraph.path answers from the end back to the start; one node when both ends are the same.
    const nodes = start.id === end.id ? [start] : this.finder.find(start.id, end.id).reverse();
    if (nodes.length === 0) return { reachable: false, reason: 'no_path' };
    const points: LatLon[] = [from, ...nodes.map((n) => n.data), to];
    let metres = 0;
    for (let i = 1; i < points.length; i++) metres += metresBetween(points[i - 1]!, points[i]!);
    const wayIds: string[] = [];
    const metresByClass: Record<string, number> = {
      [OFF_ROAD]: metresBetween(from, start.data) + metresBetween(end.data, to),
    };
    for (let i = 1; i < nodes.length; i++) {
      const a = nodes[i - 1]!.id;
      const b = nodes[i]!.id;
      const link = (this.graph.getLink(a, b) ?? this.graph.getLink(b, a))!.data;
      if (wayIds[wayIds.length - 1] !== link.wayId) wayIds.push(link.wayId);
      metresByClass[link.highway] = (metresByClass[link.highway] ?? 0) + link.metres;
    }
    return {
      reachable: true,
      metres: Math.round(metres),
      path: points.map((p) => [p.latitude, p.longitude]),
      wayIds,
      metresByClass,
    };
  }
}
