/**
 * The campus places as an admin runs them (issue 33): add, rename, move, hide and show again, and
 * the blocks of halls. Each write bumps the gazetteer's revision (migration 0011), so search,
 * suggestions and the list follow; a hidden place leaves them, while an address pinned to it keeps
 * reading it by its id. A place an admin changed is marked (edited_at), so a release's curated
 * list no longer overwrites it.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_PLACES_PAGE,
  isInServiceArea,
  tidyPlaceName,
  type AdminPlaceDto,
  type AdminPlacesQuery,
  type PlaceInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './places.repo.js';

/** The addresses module's words for the same refusal. */
const OUTSIDE_AREA = 'This place is outside our delivery area.';
const NO_PLACE = 'Place not found.';

const toDto = (p: repo.PlaceRecord): AdminPlaceDto => ({
  placeId: p.placeId,
  displayName: p.displayName,
  street: p.street,
  city: p.city,
  kind: p.kind,
  source: p.source,
  lat: p.lat,
  lon: p.lon,
  blocks: p.blocks ?? [],
  hidden: p.hidden,
  editedAt: p.editedAt ? p.editedAt.toISOString() : null,
});

export class AdminPlaces {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) {}

  async list(q: AdminPlacesQuery) {
    const { rows, total } = await repo.listPlaces(this.ctx.db, { ...q, limit: ADMIN_PLACES_PAGE });
    const next = q.offset + rows.length;
    return { places: rows.map(toDto), total, nextOffset: next < total ? next : null };
  }

  async create(input: PlaceInput): Promise<AdminPlaceDto> {
    this.checkArea(input);
    const place = await repo.insertPlace(this.ctx.db, {
      ...this.fields(input),
      placeId: `admin-${randomUUID()}`,
      city: 'Benin City',
      country: 'Nigeria',
      // Curated by hand: ranked with the curated list, not with imports.
      source: 'curated',
    });
    return toDto(place);
  }

  async update(placeId: string, input: PlaceInput): Promise<AdminPlaceDto> {
    this.checkArea(input);
    const place = await repo.updatePlace(this.ctx.db, placeId, this.fields(input));
    if (!place) throw notFound(NO_PLACE);
    return toDto(place);
  }

  async setHidden(placeId: string, hidden: boolean): Promise<AdminPlaceDto> {
    const place = await repo.updatePlace(this.ctx.db, placeId, { hidden, editedAt: this.ctx.clock.now() });
    if (!place) throw notFound(NO_PLACE);
    return toDto(place);
  }

  private fields(input: PlaceInput) {
    return {
      displayName: tidyPlaceName(input.displayName),
      street: input.street,
      kind: input.kind,
      lat: input.lat,
      lon: input.lon,
      blocks: input.blocks,
      editedAt: this.ctx.clock.now(),
    };
  }

  private checkArea(input: PlaceInput) {
    if (!isInServiceArea({ latitude: input.lat, longitude: input.lon }, this.ctx.config.campus.serviceArea))
      throw badRequest(OUTSIDE_AREA, 'outside_service_area');
  }
}
