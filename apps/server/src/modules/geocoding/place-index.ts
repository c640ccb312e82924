import { ADDRESS_SUGGESTIONS, uniqueByName } from '@jara/shared';
import type { PlaceHit } from './places.repo.js';

/**
 * The gazetteer in memory, searched the way PostgreSQL's pg_trgm does it (places.repo.ts
 * searchPlaces is the reference and a test compares the two): a place matches when
 * word_similarity(query, lower(display_name)) ≥ 0.3; prefix matches first, then the closest,
 * then shorter names, then place_id. An inverted index from trigram to places keeps each search
 * to the places that share enough trigrams with what was typed (decision 0011).
 */

/** pg_trgm's `pg_trgm.word_similarity_threshold` as the search sets it. */
const WORD_SIMILARITY_THRESHOLD = 0.3;

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of a lower-cased text in order, words padded as pg_trgm pads them ("  w", " wo", …, "rd "). */
function trigrams(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = [...`  ${m[0]} `];
    for (let i = 0; i + 3 <= w.length; i++) out.push(w[i]! + w[i + 1]! + w[i + 2]!);
  }
  return out;
}

/**
 * pg_trgm's word_similarity(a, b) (trgm_op.c, iterate_word_similarity, plain not strict): the
 * greatest similarity between a's trigram set and any continuous extent of b's ordered trigrams,
 * as a float4 like PostgreSQL's. b is given as `pos` (a local id per trigram position) and
 * `found` (whether local id j is one of a's trigrams); `lastpos` is scratch of at least its size.
 */
function wordSimilarity(ulen1: number, pos: Int32Array, found: Uint8Array, lastpos: Int32Array): number {
  const len2 = pos.length;
  if (!ulen1 || !len2) return 0;
  lastpos.fill(-1, 0, found.length);
  const calc = (count: number, u2: number) => Math.fround(count / (ulen1 + u2 - count));
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i++) {
    const t = pos[i]!;
    if (lower >= 0 || found[t]) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found[t]) count++;
      }
      lastpos[t] = i;
    }
    if (found[t]) {
      upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }
      let smlrCur = calc(count, ulen2);
      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
        const smlrTmp = calc(tmpCount, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        const tt = pos[tmpLower]!;
        if (lastpos[tt] === tmpLower) {
          tmpUlen2--;
          if (found[tt]) tmpCount--;
        }
      }
      if (smlrCur > smlrMax) smlrMax = smlrCur;
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
        const tt = pos[tmpLower]!;
        if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
      }
    }
  }
  return smlrMax;
}

interface Entry {
  hit: PlaceHit;
  lower: string;
  length: number;
  /** From the curated gazetteer: preferred over an imported place of the same length. */
  curated: boolean;
  /** Local trigram id at each position, and each local id's global trigram id. */
  pos: Int32Array;
  globals: Int32Array;
}

interface Ranked {
  e: Entry;
  prefix: boolean;
  sim: number;
}

/** searchPlaces' ORDER BY: prefix matches first, closest, shortest, curated, then place_id. */
function compare(a: Ranked, b: Ranked): number {
  if (a.prefix !== b.prefix) return a.prefix ? -1 : 1;
  if (a.sim !== b.sim) return b.sim - a.sim;
  if (a.e.length !== b.e.length) return a.e.length - b.e.length;
  if (a.e.curated !== b.e.curated) return a.e.curated ? -1 : 1;
  return a.e.hit.place_id < b.e.hit.place_id ? -1 : a.e.hit.place_id > b.e.hit.place_id ? 1 : 0;
}

export class PlaceIndex {
  /** Sorted by (length, curated first, place_id), the ORDER BY's last keys: an entry's index is its rank among equals. */
  private readonly entries: Entry[] = [];
  private readonly ids = new Map<string, number>();
  /** Global trigram id → indexes of the places holding it (each place once). */
  private readonly postings: number[][] = [];
  private readonly lastpos: Int32Array;
  private readonly found: Uint8Array;
  private readonly shared: Uint16Array;

  constructor(hits: readonly (PlaceHit & { curated?: boolean })[]) {
    const sorted = hits
      .map(({ curated = false, ...hit }) => ({ hit, curated, length: [...hit.display_name].length }))
      .sort(
        (a, b) =>
          a.length - b.length ||
          Number(b.curated) - Number(a.curated) ||
          (a.hit.place_id < b.hit.place_id ? -1 : a.hit.place_id > b.hit.place_id ? 1 : 0),
      );
    let longest = 0;
    for (const { hit, curated, length } of sorted) {
      const lower = hit.display_name.toLowerCase();
      const trg = trigrams(lower);
      const local = new Map<number, number>();
      const pos = new Int32Array(trg.length);
      trg.forEach((t, i) => {
        let g = this.ids.get(t);
        if (g === undefined) {
          g = this.ids.size;
          this.ids.set(t, g);
          this.postings.push([]);
        }
        let l = local.get(g);
        if (l === undefined) {
          l = local.size;
          local.set(g, l);
          this.postings[g]!.push(this.entries.length);
        }
        pos[i] = l;
      });
      longest = Math.max(longest, local.size);
      this.entries.push({ hit, lower, length, curated, pos, globals: Int32Array.from(local.keys()) });
    }
    this.lastpos = new Int32Array(longest);
    this.found = new Uint8Array(longest);
    this.shared = new Uint16Array(this.entries.length);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The suggestions for what the user typed, as searchPlaces gives them: each name once. */
  suggest(text: string, limit = ADDRESS_SUGGESTIONS): PlaceHit[] {
    // Two places may share a name (an imported copy of a curated one): the list shows it once.
    return uniqueByName(this.search(text, limit * 2)).slice(0, limit);
  }

  /** The best places for what the user typed, as searchPlaces ranks them. */
  search(text: string, limit = ADDRESS_SUGGESTIONS): PlaceHit[] {
    const q = text.trim().toLowerCase();
    const qids = new Set<number>();
    let ulen1 = 0;
    for (const t of new Set(trigrams(q))) {
      ulen1++;
      const g = this.ids.get(t);
      if (g !== undefined) qids.add(g);
    }
    if (!ulen1 || !qids.size) return [];
    // A place whose best extent shares n of the query's trigrams scores at most n / ulen1, so
    // count the shared trigrams first and keep only places that could reach the threshold.
    const shared = this.shared;
    const touched: number[] = [];
    for (const g of qids) {
      for (const i of this.postings[g]!) if (shared[i]!++ === 0) touched.push(i);
    }
    const order = Int32Array.from(touched).sort();
    // Buckets by (prefix, n), best first; inside a bucket in rank order (length, place_id).
    const buckets: number[][] = Array.from({ length: 2 * (ulen1 + 1) }, () => []);
    for (const i of order) {
      const n = shared[i]!;
      shared[i] = 0;
      if (Math.fround(n / ulen1) < WORD_SIMILARITY_THRESHOLD) continue;
      const prefix = this.entries[i]!.lower.startsWith(q);
      buckets[(prefix ? 0 : ulen1 + 1) + (ulen1 - n)]!.push(i);
    }
    const best: Ranked[] = [];
    for (let b = 0; b < buckets.length; b++) {
      const prefix = b <= ulen1;
      const bound = Math.fround((ulen1 - (prefix ? b : b - ulen1 - 1)) / ulen1);
      for (const i of buckets[b]!) {
        const e = this.entries[i]!;
        // Candidates come in the order of the best each could score: once one cannot beat the
        // last kept, none after it can.
        if (best.length === limit && compare({ e, prefix, sim: bound }, best[limit - 1]!) >= 0) break;
        const { pos, globals } = e;
        for (let j = 0; j < globals.length; j++) this.found[j] = qids.has(globals[j]!) ? 1 : 0;
        const sim = wordSimilarity(ulen1, pos, this.found.subarray(0, globals.length), this.lastpos);
        if (sim < WORD_SIMILARITY_THRESHOLD) continue;
        const r = { e, prefix, sim };
        if (best.length === limit && compare(r, best[limit - 1]!) >= 0) continue;
        best.push(r);
        best.sort(compare);
        if (best.length > limit) best.pop();
      }
    }
    return best.map((r) => r.e.hit);
  }
}
