import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteContentAnswer } from '@jara/shared';
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

/** The URLs the page asked for (the stub keys on the path; the language is in the query). */
function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return inner(input, init);
  }) as typeof fetch;
  return urls;
}

const faq = (
  language: 'en' | 'pcm',
  entries: SiteContentAnswer<'faq'>['body']['entries'],
): SiteContentAnswer<'faq'> => ({
  success: true,
  key: 'faq',
  language,
  body: { entries },
  updatedAt: null,
});

const terms: SiteContentAnswer<'customer-terms'> = {
  success: true,
  key: 'customer-terms',
  language: 'pcm',
  body: {
    sections: [
      { heading: 'About these rules', body: 'Na Jara rules be this.' },
      { heading: 'Delivery', body: 'We dey deliver Monday reach Sunday.\n\nRider go wait 5 minutes.' },
    ],
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the FAQ', () => {
  afterEach(() => i18n.activate('en'));

  it('shows the questions and answers the API gives, one open at a time, links made from [words](/path)', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/content/faq': faq('en', [
        { topic: 'what', question: 'What is Jara, really?', answer: 'A campus marketplace.' },
        {
          topic: 'track',
          question: 'How can I track my order?',
          answer: 'Open [My Orders](/my-orders) to follow it.\n\nDispatches are under [Dispatch Delivery](/dispatch).',
        },
      ]),
    });
    const urls = recordUrls();
    renderApp(<FaqPage />);
    expect(await screen.findByText('A campus marketplace.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'How can I track my order?' }));
    expect(screen.queryByText('A campus marketplace.')).not.toBeVisible();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('link', { name: 'My Orders' }).parentElement).toHaveTextContent(
      'Open My Orders to follow it.',
    );
    expect(screen.getByRole('link', { name: 'Dispatch Delivery' })).toHaveAttribute('href', '/dispatch');
    expect(urls).toContain('/api/content/faq?lang=en');
  });

  it('asks for the Pidgin FAQ in Pidgin, around the page’s own Pidgin heading', async () => {
    await pidgin();
    stubFetch({
      ...GUEST,
      'GET /api/content/faq': faq('pcm', [
        { topic: 'what', question: 'Wetin be Jara?', answer: 'Jara na online market for campus.' },
      ]),
    });
    const urls = recordUrls();
    renderApp(<FaqPage />);
    expect(screen.getByRole('heading', { name: 'Questions wey people dey ask' })).toBeInTheDocument();
    expect(await screen.findByText('Jara na online market for campus.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Wetin be Jara?' })).toHaveAttribute('aria-expanded', 'true');
    expect(urls).toContain('/api/content/faq?lang=pcm');
    await waitFor(() => expect(document.title).toBe('Questions · Jara'));
  });

  it('says so when the FAQ cannot be read, and reads it again on request', async () => {
    let calls = 0;
    stubFetch({
      ...GUEST,
      'GET /api/content/faq': () =>
        ++calls === 1
          ? new Response(JSON.stringify({ success: false, message: 'Jara cannot reach its database.', code: 'x' }), {
              status: 503,
            })
          : faq('en', [{ topic: 'what', question: 'What is Jara?', answer: 'Back again.' }]),
    });
    renderApp(<FaqPage />);
    expect(await screen.findByText('Jara cannot reach its database.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again.')).toBeVisible();
  });
});

describe('the customer terms and the contact form in Pidgin', () => {
  afterEach(() => i18n.activate('en'));

  it('numbers the sections of the terms the API gives, paragraphs apart', async () => {
    await pidgin();
    stubFetch({ ...GUEST, 'GET /api/content/customer-terms': terms });
    renderApp(<CustomerTermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Rules for Customers' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '2. Delivery' })).toBeInTheDocument();
    expect(screen.getByText('Rider go wait 5 minutes.').tagName).toBe('P');
    expect(screen.getByText('We dey deliver Monday reach Sunday.').tagName).toBe('P');
  });

  it('says what is missing in Pidgin, and shows the contact details that are set', async () => {
    await pidgin();
    stubFetch({
      ...GUEST,
      'GET /api/content/contact': {
        success: true,
        key: 'contact',
        language: 'pcm',
        body: { phone: '0803 123 4567', email: 'help@jara.ng', address: '', hours: '8 AM reach 9 PM' },
        updatedAt: null,
      },
    });
    renderApp(<ContactPage />);
    expect(await screen.findByRole('link', { name: '0803 123 4567' })).toHaveAttribute('href', 'tel:08031234567');
    expect(screen.getByRole('link', { name: 'help@jara.ng' })).toHaveAttribute('href', 'mailto:help@jara.ng');
    expect(screen.getByText('8 AM reach 9 PM')).toBeInTheDocument();
    expect(screen.queryByText('Where we dey:')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send am' }));
    expect(screen.getAllByText('You must fill this one')).toHaveLength(4);
    expect(screen.getByLabelText('Add file (if you want)')).toBeInTheDocument();
  });

  it('shows no contact details block when none is set', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/content/contact': {
        success: true,
        key: 'contact',
        language: 'en',
        body: { phone: '', email: '', address: '', hours: '' },
        updatedAt: null,
      },
    });
    renderApp(<ContactPage />);
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Other ways to reach us' })).toBeNull());
  });
});
