import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DATA_SAVER_KEY, dataSaverOn } from './data-saver';
import { DataSaverSwitch } from '../features/layout/components/nav-bar';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { BannerCarousel } from '../features/home/components/banner-carousel';
import { fakeMatchMedia } from '../test/match-media';

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
    expect(dataSaverOn(null, false)).toBe(false);
    expect(dataSaverOn(null, true)).toBe(true);
    expect(dataSaverOn('off', true)).toBe(false);
    expect(dataSaverOn('on', false)).toBe(true);
  });

  it('starts on when the browser asks to save data, and the switch turns it off and remembers', async () => {
    setBrowserSaveData(true);
    render(<DataSaverSwitch />);
    expect(switchEl()).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(switchEl());
    expect(switchEl()).toHaveAttribute('aria-checked', 'false');
    expect(JSON.parse(localStorage.getItem(DATA_SAVER_KEY)!)).toBe('off');
  });

  it('makes pictures one small copy without a srcset, and back', async () => {
    render(
      <>
        <DataSaverSwitch />
        <ResponsiveImage src="/media/banners/one.webp" alt="banner" width={1600} height={600} />
        <ResponsiveImage src="/media/products/p.webp" alt="thumb" width={80} height={80} />
      </>,
    );
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
      localStorage.setItem(DATA_SAVER_KEY, JSON.stringify('on'));
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
