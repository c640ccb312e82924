import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { HomePage } from './home-page';

const banners = [
  { image: '/media/banners/one.webp', headline: 'Hungry? Jara dey', text: 'Food in minutes', link: '/products/food' },
  { image: '/media/banners/two.webp', headline: 'Send anything', text: 'Dispatch across campus', link: '/dispatch' },
];

describe('home in Pidgin', () => {
  beforeEach(async () => {
    await loadAreas(i18n, ['home', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
  });
  afterEach(() => i18n.activate('en'));

  it('names its sections, perks and carousel controls in Pidgin', async () => {
    stubFetch({ ...GUEST, 'GET /api/content/home': { success: true, banners, slides: [] } });
    renderApp(<HomePage categories={[]} categoriesLoading={false} bestSellers={null} newsletter={null} />);
    expect(await screen.findByRole('region', { name: 'Wetin dey hot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next one' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show slide 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wetin people dey buy pass' })).toBeInTheDocument();
    expect(screen.getByText('E go reach in 30–60 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText('Best Sellers')).toBeNull();
  });
});
