import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { setDataSaver, useDataSaver } from './data-saver';
import { NavBar } from '../features/layout/components/nav-bar';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { BannerCarousel } from '../features/home/components/banner-carousel';
import { fakeMatchMedia } from '../test/match-media';
import { GUEST, renderApp, stubFetch } from '../test/render';

const banners = [
  { image: '/media/banners/one.webp', headline: 'One', text: 'First', link: '/products' },
  { image: '/media/banners/two.webp', headline: 'Two', text: 'Second', link: '/dispatch' },
];

function setBrowserSaveData(value: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    value: value === undefined ? undefined : { saveData: value },
    configurable: true,
  });
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = fakeMatchMedia((query) => reduce && query.includes('prefers-reduced-motion: reduce'));
}

const switchEl = () => screen.getByRole('switch', { name: 'Data saver' });
/** The switch where users find it: in the nav bar's menu. */
const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'Menu' }));
const slide = () =>
  screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true') +
  1;

describe('data saver', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => setBrowserSaveData(undefined));
  afterEach(() => {
    window.matchMedia = matchMedia;
    setBrowserSaveData(undefined);
  });

  it("follows the browser's setting until the user chooses, then the choice", () => {
    const { result, rerender } = renderHook(() => useDataSaver());
    expect(result.current).toBe(false);
    setBrowserSaveData(true);
    rerender();
    expect(result.current).toBe(true);
    act(() => setDataSaver(false));
    expect(result.current).toBe(false);
    setBrowserSaveData(false);
    act(() => setDataSaver(true));
    expect(result.current).toBe(true);
  });

  it('starts on when the browser asks to save data, and the switch turns it off and remembers', async () => {
    setBrowserSaveData(true);
    stubFetch(GUEST);
    renderApp(<NavBar />);
    await openMenu();
    expect(switchEl()).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(switchEl());
    expect(switchEl()).toHaveAttribute('aria-checked', 'false');
    // The next page load, the browser still asking to save data, keeps the user's choice.
    vi.resetModules();
    const reloaded = await import('./data-saver');
    expect(renderHook(() => reloaded.useDataSaver()).result.current).toBe(false);
  });

  it('makes pictures one small copy without a srcset, and back', async () => {
    stubFetch(GUEST);
    renderApp(
      <>
        <NavBar />
        <ResponsiveImage src="/media/banners/one.webp" alt="banner" width={1600} height={600} />
        <ResponsiveImage src="/media/products/p.webp" alt="thumb" width={80} height={80} />
      </>,
    );
    await openMenu();
    const banner = screen.getByRole('img', { name: 'banner' });
    const thumb = screen.getByRole('img', { name: 'thumb' });
    expect(banner).toHaveAttribute('srcset', expect.stringContaining('w=800 800w'));
    await userEvent.click(switchEl());
    expect(banner).toHaveAttribute('src', '/media/banners/one.webp?w=400');
    expect(banner).not.toHaveAttribute('srcset');
    expect(thumb).toHaveAttribute('src', '/media/products/p.webp?w=200');
    await userEvent.click(switchEl());
    expect(banner).toHaveAttribute('srcset', expect.stringContaining('w=800 800w'));
  });

  describe('the banner carousel', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const setup = () =>
      render(
        <MemoryRouter>
          <BannerCarousel banners={banners} />
        </MemoryRouter>,
      );

    it('does not advance by itself with data saver on, and loads only the shown picture', () => {
      setDataSaver(true);
      const { container } = setup();
      expect(container.querySelectorAll('img')).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      expect(slide()).toBe(1);
      // Moving by hand still works, and then that slide's picture loads.
      act(() => screen.getByRole('button', { name: 'Next slide' }).click());
      expect(slide()).toBe(2);
      expect(container.querySelector('img')).toHaveAttribute('src', '/media/banners/two.webp?w=400');
    });

    it('does not advance by itself when the system asks for reduced motion', () => {
      setReducedMotion(true);
      const { container } = setup();
      act(() => {
        vi.advanceTimersByTime(20_000);
      });
      expect(slide()).toBe(1);
      // Nothing moves, so the other slide's picture waits until the user reaches for the carousel.
      expect(container.querySelectorAll('img')).toHaveLength(1);
      fireEvent.mouseEnter(screen.getByRole('region', { name: 'Featured' }));
      expect(container.querySelectorAll('img')).toHaveLength(2);
    });

    it('advances with neither on, loading the next picture shortly before it', () => {
      setReducedMotion(false);
      const { container } = setup();
      expect(container.querySelectorAll('img')).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(3_400);
      });
      expect(container.querySelectorAll('img')).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(container.querySelectorAll('img')).toHaveLength(2);
      act(() => {
        vi.advanceTimersByTime(1_500);
      });
      expect(slide()).toBe(2);
    });
  });
});
