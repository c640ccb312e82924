import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { i18n } from '../../i18n';
import { loadAreas } from '../../i18n/i18n';
import { NotFound } from './not-found';
import { Page } from './page';
import { StarInput } from './star-input';
import { StatusPill } from './status-pill';

describe('shared components in English', () => {
  it('show the stored words as before', () => {
    render(
      <>
        <StatusPill status="Order Picked" />
        <StatusPill status="awaiting" />
        <StatusPill status="something-new" />
      </>,
    );
    expect(screen.getByText('Order Picked')).toBeInTheDocument();
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByText('something-new')).toBeInTheDocument();
  });
});

describe('shared components in Pidgin', () => {
  beforeEach(async () => {
    await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
  });
  afterEach(() => i18n.activate('en'));

  it('the status pill, the stars and the 404 speak Pidgin', () => {
    render(
      <MemoryRouter>
        <StatusPill status="Order Delivered" />
        <StatusPill status="paid" />
        <StarInput label="Rate" value={0} onChange={() => {}} />
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByText('Order don reach')).toBeInTheDocument();
    expect(screen.getByText('Dem don pay')).toBeInTheDocument();
    expect(screen.getByText('1 star')).toBeInTheDocument();
    expect(screen.getByText('3 stars')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We no see this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('titles the document in Pidgin', async () => {
    render(<Page title="">x</Page>);
    await waitFor(() => expect(document.title).toBe('Jara — Campus market'));
  });
});
