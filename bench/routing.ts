/**
 * Route computation on the campus road graph (issue 28: p95 ≤ 5 ms): random pairs of points
 * inside the campus, each routed by road as the ETA will route pickup → door, one after another
 * in this process. Prints the graph's build time (the first route pays it), p50/p95/p99/max of a
 * route after a warm-up, how many pairs had no route, how the routes compare with the straight
 * line, and how many delivery fees would change if the fee's tier were read from the route's
 * length instead of the straight line’s (decision 0041).
 *
 *   npm run bench:routing -w bench [-- --pairs 2000 --seed 28]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_FEE_TIERS, haversineKm, type LatLon } from '@jara/shared';
import { routeOnCampus } from '../apps/server/src/modules/routing/index.js';
import { pct, random } from './harness.js';

const { values } = parseArgs({
  options: { pairs: { type: 'string', default: '2000' }, seed: { type: 'string', default: '28' } },
});
const pairs = Number(values.pairs);

const next = random(Number(values.seed));
// The Ugbowo campus, main gate to the eastern hostels and the ring road's southern edge to its
// northern one: about 2.4 km by 1.8 km.
const CAMPUS = { south: 6.39, north: 6.406, west: 5.608, east: 5.63 };
const point = (): LatLon => ({
  latitude: CAMPUS.south + next() * (CAMPUS.north - CAMPUS.south),
  longitude: CAMPUS.west + next() * (CAMPUS.east - CAMPUS.west),
});

const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;
// The first route builds the graph: from the main gate to itself.
const mainGate: LatLon = { latitude: 6.399743, longitude: 5.608936 };
let t = process.hrtime.bigint();
routeOnCampus(mainGate, mainGate);
const buildMs = ms(t);
// A server routes all day: the first few hundred routes, while V8 compiles the search, are not counted.
for (let i = 0; i < 200; i++) routeOnCampus(point(), point());

const times: number[] = [];
const ratios: { ratio: number; straight: number }[] = [];
const unreachable: Record<string, number> = {};
for (let i = 0; i < pairs; i++) {
  const from = point();
  const to = point();
  t = process.hrtime.bigint();
  const route = routeOnCampus(from, to);
  times.push(ms(t));
  if (!route.reachable) unreachable[route.reason] = (unreachable[route.reason] ?? 0) + 1;
  else {
    const straight = haversineKm(from, to) * 1000;
    ratios.push({ ratio: route.metres / straight, straight });
  }
}

/** The fee tier (its index) a distance falls in: the same table the checkout reads. */
const tier = (km: number) => DEFAULT_FEE_TIERS.findIndex((t) => t.underKm === null || km < t.underKm);
const feeByRoute = ratios.map((x) => tier((x.straight * x.ratio) / 1000) - tier(x.straight / 1000));
const share = (n: number) => `${Math.round((100 * n) / Math.max(1, ratios.length))} %`;

const r2 = (x: number) => +x.toFixed(2);
const roadOverStraight = ratios.map((x) => x.ratio);
const overTwice = (xs: typeof ratios) => `${xs.filter((x) => x.ratio > 2).length} of ${xs.length}`;
console.table({
  pairs,
  graphBuildMs: Math.round(buildMs),
  p50Ms: r2(pct(times, 50)),
  p95Ms: r2(pct(times, 95)),
  p99Ms: r2(pct(times, 99)),
  maxMs: r2(Math.max(...times)),
  unreachable: Object.entries(unreachable)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', '),
  medianRoadOverStraight: r2(pct(roadOverStraight, 50)),
  overTwiceStraight: overTwice(ratios),
  // Apart from neighbours: between two buildings on different service roads any way round is long.
  overTwiceStraightAt500m: overTwice(ratios.filter((x) => x.straight >= 500)),
  feeHigherByRoute: share(feeByRoute.filter((d) => d > 0).length),
  feeTwoTiersHigherByRoute: share(feeByRoute.filter((d) => d > 1).length),
});
