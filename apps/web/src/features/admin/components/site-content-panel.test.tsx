import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_TOPICS, type FaqEntry, type SiteContentAnswer } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { SiteContentPanel } from './site-content-panel';

/** One entry per topic, and a second under "cancel". */
const ENTRIES: FaqEntry[] = FAQ_TOPICS.flatMap((topic): FaqEntry[] =>
  topic === 'cancel'
    ? [
        { topic, question: 'Can I cancel my order?', answer: 'Yes, before the vendor accepts it.' },
        { topic, question: 'Can I cancel a dispatch?', answer: 'Until a rider is assigned.' },
      ]
    : [{ topic, question: `Question about ${topic}?`, answer: `Answer about ${topic}.` }],
);
const FAQ_EN: SiteContentAnswer<'faq'> = {
  success: true,
  key: 'faq',
  language: 'en',
  body: { entries: ENTRIES },
  updatedAt: null,
};
const CONTACT_PCM: SiteContentAnswer<'contact'> = {
  success: true,
  key: 'contact',
  language: 'pcm',
  body: { phone: '', email: '', address: '', hours: '' },
  updatedAt: '2026-11-20T09:30:00.000Z',
};
const TERMS_EN: SiteContentAnswer<'rider-terms'> = {
  success: true,
  key: 'rider-terms',
  language: 'en',
  body: {
    sections: [
      { heading: 'Who these terms are for', body: 'Riders.' },
      { heading: 'Ratings', body: 'Keep about 4.0.' },
    ],
  },
  updatedAt: null,
};
const saved = (key: string, language: string) => (body: unknown) => ({
  success: true,
  key,
  language,
  body,
  updatedAt: '2026-11-29T14:05:00.000Z',
});

describe('the content pages panel', () => {
  it('edits the FAQ within its fixed topics: add, reorder, remove, then saves with a message', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/admin/content/faq/en': FAQ_EN,
      'PUT /api/admin/content/faq/en': saved('faq', 'en'),
    });
    renderApp(<SiteContentPanel />);
    expect(await screen.findByText('The words the site started with: not changed yet.')).toBeInTheDocument();
    const cancel = screen.getByRole('group', { name: 'Cancellation' });
    // The second cancel question goes first; a topic's only question cannot be removed.
    await userEvent.click(within(cancel).getByRole('button', { name: 'Move Can I cancel a dispatch? up' }));
    const track = screen.getByRole('group', { name: 'Tracking' });
    expect(within(track).getByRole('button', { name: 'Delete Question about track?' })).toBeDisabled();
    await userEvent.click(within(track).getByRole('button', { name: 'Add a question to “Tracking”' }));
    await userEvent.type(within(track).getByLabelText('Question 2'), 'Can I see the rider on a map?');
    await userEvent.click(within(track).getByLabelText(/^Answer 2/));
    await userEvent.paste('Yes, open [My Orders](/my-orders).');
    const what = screen.getByRole('group', { name: 'What Jara is' });
    await userEvent.clear(within(what).getByLabelText('Question 1'));
    await userEvent.type(within(what).getByLabelText('Question 1'), 'What is Jara, in a line?');
    await userEvent.click(within(track).getByRole('button', { name: 'Delete Question about track?' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { entries: FaqEntry[] };
    expect(body.entries).toHaveLength(ENTRIES.length);
    expect(body.entries[0]!.question).toBe('What is Jara, in a line?');
    expect(body.entries.filter((e) => e.topic === 'cancel').map((e) => e.question)).toEqual([
      'Can I cancel a dispatch?',
      'Can I cancel my order?',
    ]);
    expect(body.entries.filter((e) => e.topic === 'track')).toEqual([
      { topic: 'track', question: 'Can I see the rider on a map?', answer: 'Yes, open [My Orders](/my-orders).' },
    ]);
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(screen.getByText(/^Saved 29 Nov/)).toBeInTheDocument();
  });

  it('shows what is wrong and sends nothing while a question is empty or a link leaves the site', async () => {
    const calls = stubFetch({ ...GUEST, 'GET /api/admin/content/faq/en': FAQ_EN });
    renderApp(<SiteContentPanel />);
    const who = await screen.findByRole('group', { name: 'Who can use it' });
    await userEvent.clear(within(who).getByLabelText('Question 1'));
    const what = screen.getByRole('group', { name: 'What Jara is' });
    await userEvent.click(within(what).getByLabelText(/^Answer 1/));
    await userEvent.paste(' See [this](https://evil.example).');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(within(who).getByText('This field is required')).toBeInTheDocument();
    expect(
      within(what).getByText('Links go to a page of this site, such as [My Orders](/my-orders)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields marked below.');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('edits the contact details in Pidgin, shows the server’s refusal and a bad phone number', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/admin/content/faq/en': FAQ_EN,
      'GET /api/admin/content/contact/en': { ...CONTACT_PCM, language: 'en', updatedAt: null },
      'GET /api/admin/content/contact/pcm': CONTACT_PCM,
      'PUT /api/admin/content/contact/pcm': new Response(
        JSON.stringify({ success: false, message: 'You are not allowed to do that.', code: 'forbidden' }),
        { status: 403 },
      ),
    });
    renderApp(<SiteContentPanel />);
    await screen.findByRole('group', { name: 'What Jara is' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'contact');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'pcm');
    expect(await screen.findByText(/^Last saved 20 Nov/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Phone'), '12345');
    await userEvent.type(screen.getByLabelText('Support hours'), '8 AM reach 9 PM');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(screen.getByText('Please enter a valid Nigerian phone number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.type(screen.getByLabelText('Phone'), '08031234567');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do that.');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      phone: '08031234567',
      email: '',
      address: '',
      hours: '8 AM reach 9 PM',
    });
  });

  it('edits the rider terms: adds a section and moves it up', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/admin/content/faq/en': FAQ_EN,
      'GET /api/admin/content/rider-terms/en': TERMS_EN,
      'PUT /api/admin/content/rider-terms/en': saved('rider-terms', 'en'),
    });
    renderApp(<SiteContentPanel />);
    await screen.findByRole('group', { name: 'What Jara is' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'rider-terms');
    await userEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    await userEvent.type(screen.getByLabelText('Heading 3'), 'Safety');
    await userEvent.type(screen.getByLabelText('Text of section 3'), 'Wear a helmet.{enter}{enter}Obey traffic laws.');
    await userEvent.click(screen.getByRole('button', { name: 'Move Safety up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      sections: [
        { heading: 'Who these terms are for', body: 'Riders.' },
        { heading: 'Safety', body: 'Wear a helmet.\n\nObey traffic laws.' },
        { heading: 'Ratings', body: 'Keep about 4.0.' },
      ],
    });
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
  });
});
