import { isInServiceArea, MSG, pinProblem, type Address, type AddressInput } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../infra/db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { findPlace } from '../geocoding/index.js';
import {
  countAddresses,
  findAddresses as liveAddresses,
  findOwnAddress as ownLiveAddress,
  insertAddress,
  listAddresses,
  softDeleteAddress,
  toAddressDto,
  updateAddress,
  type AddressRow,
  type Fields,
} from './addresses.repo.js';

const MAX_ADDRESSES = 20;
export const OUTSIDE_AREA = 'This address is outside our delivery area.';
const PIN_OUTSIDE_AREA = 'The pin is outside our delivery area. Drag it back onto your building.';
const PIN_TOO_FAR =
  'The pin is too far from the place you picked. Drag it back onto your building, or pick a nearer place.';

/** The caller's own live address (in the caller's transaction); undefined for anyone else's or a deleted one. */
export function findOwnAddress(ex: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  return ownLiveAddress(ex, userId, id);
}

/** Live addresses by id, whoever owns them: the caller checks the owner (checkouts read many at once). */
export function findAddresses(ex: Executor, ids: string[]): Promise<AddressRow[]> {
  return liveAddresses(ex, ids);
}

/** The address book: each user's own addresses, pinned to the gazetteer and inside the service area. */
export class AddressService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: string): Promise<Address[]> {
    return (await listAddresses(this.ctx.db, userId)).map(toAddressDto);
  }

  /** Adds an address, refused once the book holds MAX_ADDRESSES. */
  async add(userId: string, input: AddressInput): Promise<Address> {
    const fields = await this.checked(input);
    const row = await this.ctx.db.transaction(async (tx) => {
      if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES)
        throw conflict(`You can keep up to ${MAX_ADDRESSES} addresses. Delete one first.`, 'too_many_addresses');
      return insertAddress(tx, userId, fields);
    });
    return toAddressDto(row);
  }

  /** Changes one of the user's own addresses; 404 for anyone else's or a deleted one. */
  async update(userId: string, id: string, input: AddressInput): Promise<Address> {
    const row = await updateAddress(this.ctx.db, userId, id, await this.checked(input));
    if (!row) throw notFound('Address not found.');
    return toAddressDto(row);
  }

  /** Soft delete: orders keep their snapshot, the address leaves the book. */
  async remove(userId: string, id: string): Promise<void> {
    if (!(await softDeleteAddress(this.ctx.db, userId, id))) throw notFound('Address not found.');
  }

  /**
   * Coordinates are required (picked from a suggestion) and must lie in the service area. With a
   * place id the gazetteer's coordinates win over the client's: the typed name may differ from the
   * place's (a lodge not in the list, saved at the nearest known place). A pin dragged on the map
   * wins over both when it stays near its place (door-pin.ts): the fee, the route and the rider
   * all read the address's coordinates, so they go to the door.
   */
  private async checked(body: AddressInput): Promise<Fields> {
    const { placeId, pin, ...rest } = body;
    let { latitude, longitude } = body;
    let placeName: string | null = null;
    if (placeId) {
      const place = await findPlace(this.ctx.db, placeId);
      if (!place) throw badRequest(MSG.selectValidAddress, 'unknown_place');
      latitude = place.lat;
      longitude = place.lon;
      placeName = place.displayName;
      if (pin) {
        const problem = pinProblem({ latitude, longitude }, pin, this.ctx.config.campus.serviceArea);
        if (problem === 'outside_area') throw badRequest(PIN_OUTSIDE_AREA, 'pin_outside_area');
        if (problem === 'too_far') throw badRequest(PIN_TOO_FAR, 'pin_too_far');
        ({ latitude, longitude } = pin);
      }
    }
    if (latitude == null || longitude == null) throw badRequest(MSG.selectValidAddress, 'address_not_picked');
    if (!isInServiceArea({ latitude, longitude }, this.ctx.config.campus.serviceArea))
      throw badRequest(OUTSIDE_AREA, 'outside_service_area');
    return { ...rest, latitude, longitude, placeId: placeId ?? null, placeName };
  }
}
