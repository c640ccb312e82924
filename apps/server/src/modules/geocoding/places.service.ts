/**
 * What other modules read of the gazetteer, through index.ts: one place (an address pinned to
 * it), or every place (the catalogue's in-memory copy, decision 0011).
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './places.repo.js';

/** A place of the gazetteer as stored. */
export type Place = Awaited<ReturnType<typeof repo.allPlaces>>[number];

/** The place with this id, or undefined. */
export function findPlace(ex: Executor, placeId: string): Promise<Place | undefined> {
  return repo.findPlace(ex, placeId);
}

/** Every place of the gazetteer, by display name. */
export function allPlaces(ex: Executor): Promise<Place[]> {
  return repo.allPlaces(ex);
}
