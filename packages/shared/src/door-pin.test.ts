import { describe, expect, it } from 'vitest';
import { PIN_MAX_DISTANCE_M, pinProblem } from './door-pin.js';

const HALL_3 = { latitude: 6.39692, longitude: 5.62065 };
/** About 111 km per degree of latitude. */
const north = (metres: number) => ({ ...HALL_3, latitude: HALL_3.latitude + metres / 111_195 });

describe('pinProblem', () => {
  it('keeps a pin on the place or a short drag away', () => {
    expect(pinProblem(HALL_3, HALL_3)).toBeNull();
    expect(pinProblem(HALL_3, north(200))).toBeNull();
    expect(pinProblem(HALL_3, north(PIN_MAX_DISTANCE_M - 5))).toBeNull();
  });

  it('refuses a pin further than PIN_MAX_DISTANCE_M from its place', () => {
    expect(pinProblem(HALL_3, north(PIN_MAX_DISTANCE_M + 5))).toBe('too_far');
    expect(pinProblem(HALL_3, north(3000))).toBe('too_far');
  });

  it('refuses a pin outside the service area before measuring the drag', () => {
    const area = { centre: HALL_3, radiusKm: 0.1 };
    expect(pinProblem(HALL_3, north(150), area)).toBe('outside_area');
    expect(pinProblem(HALL_3, { latitude: 6.5244, longitude: 3.3792 })).toBe('outside_area');
    expect(pinProblem(HALL_3, { latitude: Number.NaN, longitude: 5.62 })).toBe('outside_area');
  });
});
