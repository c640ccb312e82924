import { describe, expect, it } from 'vitest';
import { findClearBottom } from './use-clear-spot';

const view = { width: 390, height: 844 };
// The button: 56 px, 20 px from the right and bottom edges → x 314..370.
const box = (left: number, top: number, w: number, h: number) => ({ left, top, right: left + w, bottom: top + h });

describe('findClearBottom', () => {
  it('keeps the corner when nothing is there', () => {
    expect(findClearBottom([], view, 56, 20)).toBe(20);
    expect(findClearBottom([box(16, 760, 120, 40)], view, 56, 20)).toBe(20);
  });

  it('climbs above a card cart button in the corner, clear of it by the gap', () => {
    const cartButton = box(330, 740, 40, 40); // bottom-right card's button
    const bottom = findClearBottom([cartButton], view, 56, 20)!;
    const top = view.height - bottom - 56;
    expect(top + 56 + 6).toBeLessThanOrEqual(cartButton.top);
    expect(bottom).toBeLessThan(200);
  });

  it('climbs into the upper half when controls fill the right side of the lower half', () => {
    // Home on a phone: category tiles down the right column from the middle of the screen.
    const column = Array.from({ length: 12 }, (_, i) => box(300, 380 + i * 40, 80, 38));
    const bottom = findClearBottom(column, view, 56, 20)!;
    const top = view.height - bottom - 56;
    expect(top + 56 + 6).toBeLessThanOrEqual(380);
    expect(top).toBeGreaterThanOrEqual(20);
  });

  it('hides (null) only when controls fill the whole right edge', () => {
    const column = Array.from({ length: 22 }, (_, i) => box(300, i * 40, 80, 38));
    expect(findClearBottom(column, view, 56, 20)).toBeNull();
  });
});
