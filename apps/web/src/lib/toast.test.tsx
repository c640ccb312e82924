import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type * as ToastModule from './toast';

let lib: typeof ToastModule;

// Each test starts from a page on which no toast was asked for yet: a fresh copy of the module.
beforeEach(async () => {
  vi.resetModules();
  lib = await import('./toast');
});

// react-hot-toast's own store outlives the tests: each one starts with no toast in it.
afterEach(async () => {
  const { default: hot } = await import('react-hot-toast');
  act(() => hot.remove());
});

const toaster = () => document.querySelectorAll('[data-rht-toaster]');
const shown = () => screen.queryAllByRole('status').map((el) => el.textContent);

describe('toast', () => {
  it('shows a toast asked for before react-hot-toast was loaded', async () => {
    const { LazyToaster, toast } = lib;
    render(<LazyToaster position="top-center" />);
    expect(toaster()).toHaveLength(0);

    act(() => toast.error('Could not load the delivery fee'));
    expect(toaster()).toHaveLength(0);

    expect(await screen.findByText('Could not load the delivery fee')).toBeInTheDocument();
    expect(toaster()).toHaveLength(1);
  });

  it('keeps the order of toasts asked for while it loads, and mounts the toaster once', async () => {
    const { LazyToaster, toast } = lib;
    render(<LazyToaster position="top-center" />);

    act(() => {
      toast.success('Added to cart');
      toast('Order cancelled', { id: 'cancelled' });
    });
    await screen.findByText('Order cancelled');
    // react-hot-toast puts the newest on top: the second call's toast is above the first's.
    expect(shown()).toEqual(['Order cancelled', 'Added to cart']);

    act(() => toast.error('Payment failed'));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(shown()).toEqual(['Payment failed', 'Order cancelled', 'Added to cart']);
    expect(toaster()).toHaveLength(1);
  });

  it('replaces the toast with the same id instead of adding one', async () => {
    const { LazyToaster, toast } = lib;
    render(<LazyToaster position="top-center" />);

    act(() => {
      toast.error('Could not load your addresses', { id: 'addresses' });
      toast.error('Could not load your addresses', { id: 'addresses' });
    });
    await screen.findByText('Could not load your addresses');
    expect(shown()).toEqual(['Could not load your addresses']);
  });

  it('renders nothing on the server, even once a toast was shown in the browser', async () => {
    const { LazyToaster, toast } = lib;
    expect(renderToString(<LazyToaster position="top-center" />)).toBe('');

    render(<LazyToaster position="top-center" />);
    act(() => toast.success('Saved'));
    await screen.findByText('Saved');
    expect(renderToString(<LazyToaster position="top-center" />)).toBe('');
  });
});
