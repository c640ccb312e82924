import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { ContactPage } from './contact-page';
import { CustomerTermsPage } from './customer-terms-page';
import { FaqPage } from './faq-page';

const pidgin = async () => {
  await loadAreas(i18n, ['pages', 'common', 'shared', 'layout'], 'pcm');
  i18n.activate('pcm');
};

describe('the FAQ', () => {
  afterEach(() => i18n.activate('en'));

  it('keeps its English answers, links included', async () => {
    stubFetch(GUEST);
    renderApp(<FaqPage />);
    await userEvent.click(screen.getByRole('button', { name: 'How can I track my order?' }));
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('link', { name: 'Dispatch Delivery' }).parentElement).toHaveTextContent(
      'Open My Orders to see each order’s status — placed, confirmed, assigned, picked and delivered — updated live. Dispatches are under Dispatch Delivery.',
    );
  });

  it('asks and answers in Pidgin, links included', async () => {
    await pidgin();
    stubFetch(GUEST);
    renderApp(<FaqPage />);
    expect(screen.getByRole('heading', { name: 'Questions wey people dey ask' })).toBeInTheDocument();
    expect(screen.getByText(/^Jara na online market/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'How I go take track my order?' }));
    expect(screen.getByRole('link', { name: 'Wetin I don order' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('link', { name: 'Send parcel' })).toHaveAttribute('href', '/dispatch');
    await waitFor(() => expect(document.title).toBe('Questions · Jara'));
  });
});

describe('the customer terms and the contact form in Pidgin', () => {
  afterEach(() => i18n.activate('en'));

  it('numbers the sections of the terms in Pidgin', async () => {
    await pidgin();
    stubFetch(GUEST);
    renderApp(<CustomerTermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rules for Customers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '5. Delivery' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '12. Changes and how to reach us' })).toBeInTheDocument();
  });

  it('says what is missing in Pidgin', async () => {
    await pidgin();
    stubFetch(GUEST);
    renderApp(<ContactPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send am' }));
    expect(screen.getAllByText('You must fill this one')).toHaveLength(4);
    expect(screen.getByLabelText('Add file (if you want)')).toBeInTheDocument();
  });
});
