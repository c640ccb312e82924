import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { Footer } from './footer';

describe('the footer', () => {
  afterEach(() => i18n.activate('en'));

  it('keeps the spec’s groups and links in English', () => {
    stubFetch(GUEST);
    renderApp(<Footer />);
    expect(screen.getByRole('navigation', { name: 'Quick Links' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order Tracking' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByText(`Copyright ${new Date().getFullYear()} © Jara. All Rights Reserved.`)).toBeInTheDocument();
  });

  it('speaks Pidgin when Pidgin is chosen', async () => {
    await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch(GUEST);
    renderApp(<Footer />);
    expect(screen.getByRole('navigation', { name: 'You need help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/my-orders');
    expect(
      screen.getByText(`Copyright ${new Date().getFullYear()} © Jara. All rights na our own.`),
    ).toBeInTheDocument();
  });
});
