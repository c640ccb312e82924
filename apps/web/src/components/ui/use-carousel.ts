import { useCallback, useEffect, useRef, useState } from 'react';
import { SWIPE_THRESHOLD_PX } from '@jara/shared';

/**
 * Auto-advancing index with pause and swipe. The timer restarts after every change, so a manual
 * move gives the new slide its full interval. With `autoplay` false (data saver, reduced motion)
 * it moves only when asked.
 */
export function useCarousel(count: number, intervalMs: number, autoplay = true) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const startX = useRef<number | null>(null);
  // A drag over a linked slide must not also follow the link.
  const swiped = useRef(false);
  const paused = hovered || focused;

  const go = useCallback((i: number) => setIndex(count ? ((i % count) + count) % count : 0), [count]);
  const next = useCallback(() => setIndex((i) => (count ? (i + 1) % count : 0)), [count]);
  const prev = useCallback(() => setIndex((i) => (count ? (i - 1 + count) % count : 0)), [count]);

  useEffect(() => {
    if (count < 2 || paused || !autoplay) return;
    const t = setTimeout(next, intervalMs);
    return () => clearTimeout(t);
  }, [index, count, paused, intervalMs, next, autoplay]);

  const begin = (x: number) => {
    startX.current = x;
  };
  const end = (x: number) => {
    if (startX.current === null) return;
    const dx = x - startX.current;
    startX.current = null;
    swiped.current = Math.abs(dx) >= SWIPE_THRESHOLD_PX;
    if (dx <= -SWIPE_THRESHOLD_PX) next();
    else if (dx >= SWIPE_THRESHOLD_PX) prev();
  };

  /** Spread on the element that receives swipes/drags and hover/focus. */
  const bind = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => {
      setHovered(false);
      startX.current = null;
    },
    onFocus: () => setFocused(true),
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onMouseDown: (e: React.MouseEvent) => begin(e.clientX),
    onMouseUp: (e: React.MouseEvent) => end(e.clientX),
    onTouchStart: (e: React.TouchEvent) => begin(e.touches[0]?.clientX ?? 0),
    onTouchEnd: (e: React.TouchEvent) => end(e.changedTouches[0]?.clientX ?? 0),
    onClickCapture: (e: React.MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'ArrowRight') next();
      else if (e.key === 'ArrowLeft') prev();
    },
  };

  return { index, go, next, prev, paused, bind };
}
