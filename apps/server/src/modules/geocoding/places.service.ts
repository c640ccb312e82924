/**
 * What other modules read of the gazetteer, through index.ts: one place (an address pinned to
 * it, hidden or not), or the places shown (the catalogue's in-memory copy, decision 0011).
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './places.repo.js';

/** A place of the gazetteer as stored. */
export type Place = Awaited<ReturnType<typeof repo.shownPlaces>>[number];

/** The place with this id, hidden or not (an address pinned to a hidden place keeps working), or undefined. */
export function findPlace(ex: Executor, placeId: string): Promise<Place | undefined> {
  return repo.findPlace(ex, placeId);
}

/** Every place search and suggestions offer (hidden ones left out), by display name. */
export function shownPlaces(ex: Executor): Promise<Place[]> {
  return repo.shownPlaces(ex);
}

/** The places an admin hid (name and point): the campus map leaves out the labels standing for them. */
export function hiddenPlaces(ex: Executor): Promise<{ displayName: string; lat: number; lon: number }[]> {
  return repo.hiddenPlaces(ex);
}
