import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { BannerCarousel } from './banner-carousel';

const banners = [
  { image: '/media/banners/one.webp', headline: 'Hungry? Jara dey', text: 'Food in minutes', link: '/products/food' },
  { image: '/media/banners/two.webp', headline: 'Send anything', text: 'Dispatch across campus', link: '/dispatch' },
];

const current = () =>
  Number(
    screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true'),
  ) + 1;
const region = () => screen.getByRole('region', { name: 'Featured' });

describe('BannerCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () =>
    render(
      <MemoryRouter>
        <BannerCarousel banners={banners} />
      </MemoryRouter>,
    );

  it('advances every 5 seconds and wraps around', () => {
    setup();
    expect(current()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(current()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(current()).toBe(2);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toBe(1);
  });

  it('hides the off-screen slide from assistive technology', () => {
    setup();
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
  });

  it('pauses while hovered and resumes after', () => {
    setup();
    fireEvent.mouseEnter(region());
    act(() => {
      vi.advanceTimersByTime(12000);
    });
    expect(current()).toBe(1);
    fireEvent.mouseLeave(region());
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toBe(2);
  });

  it('pauses while focused (keyboard users)', () => {
    setup();
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    act(() => {
      vi.advanceTimersByTime(12000);
    });
    expect(current()).toBe(1);
  });

  it('changes slide on a drag or swipe longer than 50 px only', () => {
    setup();
    fireEvent.mouseDown(region(), { clientX: 300 });
    fireEvent.mouseUp(region(), { clientX: 260 });
    expect(current()).toBe(1);
    fireEvent.mouseDown(region(), { clientX: 300 });
    fireEvent.mouseUp(region(), { clientX: 240 });
    expect(current()).toBe(2);
    fireEvent.touchStart(region(), { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(region(), { changedTouches: [{ clientX: 180 }] });
    expect(current()).toBe(1);
  });

  it('gives a manually chosen slide its full interval', () => {
    setup();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    // The click also focuses nothing in jsdom, so the timer keeps running.
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(current()).toBe(2);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(current()).toBe(1);
  });

  it('moves with the arrow keys', () => {
    setup();
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(current()).toBe(2);
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expect(current()).toBe(1);
  });
});

describe('BannerCarousel links', () => {
  it('does not follow the slide link after a drag, but does on a plain click', () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <BannerCarousel banners={banners} /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: /Hungry\? Jara dey/ });
    fireEvent.mouseDown(link, { clientX: 300 });
    fireEvent.mouseUp(link, { clientX: 200 });
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByRole('link', { name: /Send anything/ }));
    expect(router.state.location.pathname).toBe('/dispatch');
  });
});
