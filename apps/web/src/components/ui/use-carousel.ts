import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SWIPE_THRESHOLD_PX } from '@jara/shared';

/** How long before an automatic move the next slide's picture starts loading. */
const PRELOAD_LEAD_MS = 1500;

/**
 * Auto-advancing index with pause and swipe. The timer restarts after every change, so a manual
 * move gives the new slide its full interval. With `autoplay` false (data saver, reduced motion,
 * off screen) it moves only when asked.
 *
 * `loaded(i)`: whether slide i's picture belongs in the page yet. The first slide's does; another
 * one's from shortly before it is shown (before an automatic move, or as soon as the user reaches
 * for the carousel), so a visitor who never sees a slide never downloads its picture.
 */
export function useCarousel(count: number, intervalMs: number, autoplay = true) {
  const [index, setIndex] = useState(0);
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const startX = useRef<number | null>(null);
  // A drag over a linked slide must not also follow the link.
  const swiped = useRef(false);
  const paused = hovered || focused;

  const go = useCallback((i: number) => setIndex(count ? ((i % count) + count) % count : 0), [count]);
  const next = useCallback(() => setIndex((i) => (count ? (i + 1) % count : 0)), [count]);
  const prev = useCallback(() => setIndex((i) => (count ? (i - 1 + count) % count : 0)), [count]);

  const want = useCallback((...slides: number[]) => {
    setWanted((w) => (slides.every((i) => w.has(i)) ? w : new Set([...w, ...slides])));
  }, []);
  /** The neighbours of the shown slide: the user is about to move. */
  const prime = useCallback(() => {
    if (count > 1) want((index + 1) % count, (index - 1 + count) % count);
  }, [count, index, want]);

  // A slide once shown keeps its picture (adjusted while rendering, not in an effect).
  const [lastShown, setLastShown] = useState(index);
  if (lastShown !== index) {
    setLastShown(index);
    if (!wanted.has(index)) setWanted(new Set([...wanted, index]));
  }

  useEffect(() => {
    if (count < 2 || paused || !autoplay) return;
    const ahead = setTimeout(() => want((index + 1) % count), Math.max(0, intervalMs - PRELOAD_LEAD_MS));
    const t = setTimeout(next, intervalMs);
    return () => {
      clearTimeout(ahead);
      clearTimeout(t);
    };
  }, [index, count, paused, intervalMs, next, autoplay, want]);

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
    onMouseEnter: () => {
      setHovered(true);
      prime();
    },
    onMouseLeave: () => {
      setHovered(false);
      startX.current = null;
    },
    onFocus: () => {
      setFocused(true);
      prime();
    },
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
    onMouseDown: (e: React.MouseEvent) => begin(e.clientX),
    onMouseUp: (e: React.MouseEvent) => end(e.clientX),
    onTouchStart: (e: React.TouchEvent) => {
      begin(e.touches[0]?.clientX ?? 0);
      prime();
    },
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

  const loaded = useCallback((i: number) => i === index || wanted.has(i), [index, wanted]);
  return { index, go, next, prev, paused, bind, loaded };
}

/**
 * Whether the element is on screen or close to it (200 px). False on the server and until the
 * browser has said; true where IntersectionObserver is missing, so carousels still move there.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setOn(true);
      return;
    }
    const io = new IntersectionObserver((entries) => setOn(entries.some((e) => e.isIntersecting)), {
      rootMargin: '200px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return on;
}
