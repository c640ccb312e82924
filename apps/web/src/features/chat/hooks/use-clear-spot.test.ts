import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useClearSpot } from './use-clear-spot';

// A phone screen; the button: 56 px, 20 px from the right and bottom edges → x 314..370.
const view = { width: 390, height: 844 };
const SIZE = 56;
const INSET = 20;
const GAP = 6;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });

/**
 * jsdom lays nothing out: each control placed here answers its box, everything else an empty one.
 * Returns where the hook puts the button once it has measured the page.
 */
function spotAmong(controls: Box[]): number | null {
  const placed = new Map<Element, Box>();
  for (const [i, b] of controls.entries()) {
    const button = document.createElement('button');
    button.setAttribute('aria-label', `control ${i + 1}`);
    document.body.append(button);
    placed.set(button, b);
  }
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const { left, top, width, height } = placed.get(this) ?? box(0, 0, 0, 0);
    return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height } as DOMRect;
  });
  const button = { current: null };
  const { result, unmount } = renderHook(() => useClearSpot(button, { active: true, size: SIZE, inset: INSET }));
  // The page is measured once the browser is idle.
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
  const bottom = result.current;
  unmount();
  for (const control of placed.keys()) control.remove();
  return bottom;
}

/** The top edge of the button at `bottom`. */
const topAt = (bottom: number) => view.height - bottom - SIZE;

describe('useClearSpot: where the chat button may sit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: view.height, configurable: true });
    Object.defineProperty(document.documentElement, 'clientWidth', { value: view.width, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document.documentElement, 'clientWidth');
  });

  it('keeps the corner when nothing is there', () => {
    expect(spotAmong([])).toBe(INSET);
    expect(spotAmong([box(16, 760, 120, 40)])).toBe(INSET);
  });

  it('climbs above a card cart button in the corner, clear of it by the gap', () => {
    const cartButton = box(330, 740, 40, 40); // bottom-right card's button
    const bottom = spotAmong([cartButton])!;
    expect(topAt(bottom) + SIZE + GAP).toBeLessThanOrEqual(cartButton.top);
    expect(bottom).toBeLessThan(200);
  });

  it('climbs into the upper half when controls fill the right side of the lower half', () => {
    // Home on a phone: category tiles down the right column from the middle of the screen.
    const column = Array.from({ length: 12 }, (_, i) => box(300, 380 + i * 40, 80, 38));
    const bottom = spotAmong(column)!;
    expect(topAt(bottom) + SIZE + GAP).toBeLessThanOrEqual(380);
    expect(topAt(bottom)).toBeGreaterThanOrEqual(INSET);
  });

  it('hides (null) only when controls fill the whole right edge', () => {
    const column = Array.from({ length: 22 }, (_, i) => box(300, i * 40, 80, 38));
    expect(spotAmong(column)).toBeNull();
  });
});
