import { useEffect, useState, type RefObject } from 'react';
import { whenIdle } from '../../../lib/idle';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The least room kept between the button and anything it must not cover. */
const GAP = 6;

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The lowest distance from the viewport's bottom at which a `size` square, `inset` from the right
 * edge, touches none of `obstacles` (with `gap` around it); null when there is none on the whole
 * screen. The lowest free spot is taken, which is the corner on most screens; when controls fill
 * the right side of the lower half (home's category tiles on a phone), the button climbs higher
 * rather than leave a signed-in customer without it.
 */
function findClearBottom(
  obstacles: Box[],
  view: { width: number; height: number },
  size: number,
  inset: number,
  gap = GAP,
): number | null {
  const left = view.width - inset - size;
  for (let bottom = inset; bottom + size + inset <= view.height; bottom += 8) {
    const top = view.height - bottom - size;
    const box = { left: left - gap, right: view.width - inset + gap, top: top - gap, bottom: top + size + gap };
    if (!obstacles.some((o) => overlaps(box, o))) return bottom;
  }
  return null;
}

/** Subtrees whose text is never under the button: its own UI, toasts, and what no one sees. */
const NOT_PAGE_TEXT = 'script, style, noscript, template, svg, [data-chat-ui], [data-rht-toaster], .sr-only';

/**
 * The line boxes of the visible text on screen within the horizontal band the button may occupy:
 * a price, a status or a line of a paragraph under the button is as lost as a covered control.
 * Subtrees wholly above or below the screen are skipped, so a long page costs only what is shown.
 */
function textLinesIn(band: { left: number; right: number }, height: number, self: Element | null): Box[] {
  const lines: Box[] = [];
  const range = document.createRange();
  const inBand = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < band.right && band.left < r.right;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node.nodeType === Node.TEXT_NODE)
        return (node as Text).data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      const el = node as Element;
      if (el === self || el.matches(NOT_PAGE_TEXT)) return NodeFilter.FILTER_REJECT;
      const r = el.getBoundingClientRect();
      if (r.height > 0 && (r.bottom < 0 || r.top > height)) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_SKIP;
    },
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || !inBand(parent.getBoundingClientRect())) continue;
    range.selectNodeContents(n);
    let visible: boolean | null = null;
    for (const r of range.getClientRects()) {
      if (!inBand(r) || r.bottom < 0 || r.top > height) continue;
      visible ??= typeof parent.checkVisibility !== 'function' || parent.checkVisibility({ visibilityProperty: true });
      if (!visible) break;
      lines.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
  }
  return lines;
}

/** What the button must never cover: controls, links and anything marked `data-keep-clear`. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="switch"], [tabindex]:not([tabindex="-1"]), [data-keep-clear]';
const TEXT_INPUT = /^(text|search|email|tel|url|password|number|date|time|datetime-local|month|week)$/;

function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) return TEXT_INPUT.test(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

/**
 * Where the floating chat button may sit (its `bottom` in px) so that it covers no control and no
 * text on screen; null when it should hide: no free spot, or (on phones) the user is typing in a
 * field. Pages keep the corner free at their end (the footer's padding), so there it always shows.
 * Recomputed on scroll and resize (next frame) and when the page's content changes (when idle);
 * never inside React's commit, where a state change would make React render again and run every
 * effect of a freshly hydrated page in the same long task (a slow phone's first taps would wait).
 * A server-rendered page shows the button in the corner until then, as before hydration.
 */
export function useClearSpot(
  button: RefObject<HTMLElement | null>,
  { active, size, inset }: { active: boolean; size: number; inset: number },
): number | null {
  const [bottom, setBottom] = useState<number | null>(inset);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    if (!active) {
      setBottom(inset);
      return;
    }
    let frame = 0;
    let cancelIdle: (() => void) | null = null;
    const measure = () => {
      frame = 0;
      cancelIdle?.();
      cancelIdle = null;
      const self = button.current;
      const obstacles: Box[] = [];
      const height = window.innerHeight;
      for (const el of document.querySelectorAll(CONTROLS)) {
        if (self?.contains(el) || el.closest('[data-chat-ui], [data-rht-toaster]')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > height) continue;
        if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) continue;
        obstacles.push(r);
      }
      const width = document.documentElement.clientWidth;
      const band = { left: width - inset - size - GAP, right: width - inset + GAP };
      obstacles.push(...textLinesIn(band, height, self));
      setBottom(findClearBottom(obstacles, { width, height }, size, inset));
    };
    // Scrolling and resizing move controls under the button now: measured in the next frame.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // A page that changed (hydration, data arriving, a screen rendering) is measured once it has
    // been laid out and the browser is free, so the measuring reads a finished layout instead of
    // forcing one in the middle of React's work.
    const scheduleIdle = () => {
      if (!cancelIdle && !frame) cancelIdle = whenIdle(measure, 250);
    };
    scheduleIdle();
    const observer = new MutationObserver((records) => {
      if (records.some((r) => !button.current?.contains(r.target))) scheduleIdle();
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden', 'open'],
    });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    // Images and fonts move things without changing the DOM.
    window.addEventListener('load', scheduleIdle, true);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      cancelIdle?.();
      observer.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      window.removeEventListener('load', scheduleIdle, true);
    };
  }, [active, size, inset, button]);

  // On a phone the keyboard takes half the screen: the button steps aside while a field has focus.
  useEffect(() => {
    const phone = window.matchMedia?.('(max-width: 639px)');
    const update = () => setTyping(!!phone?.matches && isTyping(document.activeElement));
    // On focusout the next element has no focus yet.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);

  return typing ? null : bottom;
}
