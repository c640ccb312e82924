import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_TOPICS, type ErrorAnswer, type FaqContent, type SiteContentAnswer, type TermsContent } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { adminAccount } from '../../../test/factories-portals.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await buildTestApp();
  admin = (await adminAccount(app)).cookie;
});
afterAll(() => app.closeAll());

const read = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const put = (url: string, cookie: string, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: { cookie }, payload: payload as object });

/** Today's FAQ (the `pages` catalogue's words before issue 33), written out by hand. */
const FIRST_EN = {
  topic: 'what',
  question: 'What is Jara?',
  answer:
    'Jara is an online marketplace and delivery service for the University of Benin community. You can order food, phone and hair accessories, fashion, shoes, cosmetics and everyday essentials from vendors on and around campus, and send parcels anywhere nearby with a dispatch request.',
};

describe('the content pages as they were (seeded by migration 0026)', () => {
  it('answers the FAQ in English: every topic in its order, the words the page had, links kept', async () => {
    const res = await read('/api/content/faq?lang=en');
    expect(res.statusCode).toBe(200);
    const faq = json<SiteContentAnswer<'faq'>>(res);
    expect(faq).toMatchObject({ success: true, key: 'faq', language: 'en', updatedAt: null });
    expect(faq.body.entries.map((e) => e.topic)).toEqual([...FAQ_TOPICS]);
    expect(faq.body.entries[0]).toEqual(FIRST_EN);
    expect(faq.body.entries.find((e) => e.topic === 'hours')!.answer).toBe(
      'We deliver from 8 AM to 9 PM, Monday to Saturday.',
    );
    expect(faq.body.entries.find((e) => e.topic === 'track')!.answer).toBe(
      'Open [My Orders](/my-orders) to see each order’s status — placed, confirmed, assigned, picked and delivered — updated live. Dispatches are under [Dispatch Delivery](/dispatch).',
    );
  });

  it('answers in Pidgin for jara_lang=pcm, or ?lang=pcm, and in English without either', async () => {
    const byCookie = json<SiteContentAnswer<'faq'>>(await read('/api/content/faq', { cookie: 'jara_lang=pcm' }));
    const byQuery = json<SiteContentAnswer<'faq'>>(await read('/api/content/faq?lang=pcm'));
    const plain = json<SiteContentAnswer<'faq'>>(await read('/api/content/faq'));
    expect(byCookie.language).toBe('pcm');
    expect(byCookie.body.entries[0]!.question).toBe('Wetin be Jara?');
    expect(byCookie.body.entries.find((e) => e.topic === 'support')!.answer).toBe(
      'When you don log in, tap the chat button for bottom right make you talk to us from 8 AM reach 9 PM. If not, use the [contact form](/contact).',
    );
    expect(byQuery).toEqual(byCookie);
    expect(plain.language).toBe('en');
    expect(plain.body.entries[0]).toEqual(FIRST_EN);
  });

  it('answers the terms section by section, paragraphs apart, in both languages', async () => {
    const customer = json<SiteContentAnswer<'customer-terms'>>(await read('/api/content/customer-terms?lang=en'));
    expect(customer.body.sections).toHaveLength(12);
    expect(customer.body.sections[0]!.heading).toBe('About these terms');
    expect(customer.body.sections[1]!.body.split('\n\n')).toHaveLength(2);
    const rider = json<SiteContentAnswer<'rider-terms'>>(await read('/api/content/rider-terms?lang=pcm'));
    expect(rider.body.sections).toHaveLength(10);
    expect(rider.body.sections[2]!.heading).toBe('How to take job and finish am');
    expect(rider.body.sections[2]!.body.split('\n\n')).toHaveLength(3);
    const contact = json<SiteContentAnswer<'contact'>>(await read('/api/content/contact?lang=en'));
    expect(contact.body).toEqual({ phone: '', email: '', address: '', hours: '' });
  });

  it('carries an ETag: the same read again is a 304; an unknown page is a 400', async () => {
    const first = await read('/api/content/customer-terms?lang=en');
    const again = await read('/api/content/customer-terms?lang=en', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await read('/api/content/customer-terms?lang=pcm', { 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect((await read('/api/content/secrets')).statusCode).toBe(400);
  });
});

describe('editing a page', () => {
  const terms: TermsContent = {
    sections: [
      { heading: 'Who we are', body: 'Jara delivers on campus.\n\nWe are based in Ugbowo.' },
      { heading: 'Payment', body: 'Card, bank transfer or USSD.' },
    ],
  };

  it('is for admins only: a guest, a customer and support are refused, nothing changed', async () => {
    const customer = (await createUser(app)).cookie;
    const support = (await createUser(app, { role: 'support' })).cookie;
    expect((await put('/api/admin/content/rider-terms/en', '', terms)).statusCode).toBe(401);
    expect((await put('/api/admin/content/rider-terms/en', customer, terms)).statusCode).toBe(403);
    expect((await put('/api/admin/content/rider-terms/en', support, terms)).statusCode).toBe(403);
    expect((await read('/api/admin/content/rider-terms/en', { cookie: customer })).statusCode).toBe(403);
    const now = json<SiteContentAnswer<'rider-terms'>>(await read('/api/content/rider-terms?lang=en'));
    expect(now.updatedAt).toBeNull();
    expect(now.body.sections).toHaveLength(10);
  });

  it('saves one language, which the public read shows at once; the other language stays', async () => {
    const res = await put('/api/admin/content/customer-terms/en', admin, terms);
    expect(res.statusCode).toBe(200);
    expect(json<SiteContentAnswer<'customer-terms'>>(res)).toMatchObject({ key: 'customer-terms', body: terms });
    const en = json<SiteContentAnswer<'customer-terms'>>(await read('/api/content/customer-terms?lang=en'));
    expect(en.body).toEqual(terms);
    expect(en.updatedAt).not.toBeNull();
    const pcm = json<SiteContentAnswer<'customer-terms'>>(await read('/api/content/customer-terms?lang=pcm'));
    expect(pcm.body.sections).toHaveLength(12);
    expect(pcm.updatedAt).toBeNull();
  });

  it('keeps the FAQ topics: entries added, removed and reordered within them, listed in topic order', async () => {
    const before = json<SiteContentAnswer<'faq'>>(await read('/api/content/faq?lang=pcm')).body;
    const extra = { topic: 'what' as const, question: 'Na who get Jara?', answer: 'Students wey dey Ugbowo.' };
    // The new "what" entry comes last in the list sent, and the "who" entry goes before "what".
    const sent: FaqContent = {
      entries: [
        before.entries[1]!,
        ...before.entries.filter((e) => e.topic !== 'who' && e.topic !== 'minimum'),
        { topic: 'minimum', question: 'Minimum order dey?', answer: 'No. See [your cart](/cart).' },
        extra,
      ],
    };
    const res = await put('/api/admin/content/faq/pcm', admin, sent);
    expect(res.statusCode).toBe(200);
    const after = json<SiteContentAnswer<'faq'>>(await read('/api/content/faq?lang=pcm')).body.entries;
    expect(after.map((e) => e.topic)).toEqual(['what', 'what', ...FAQ_TOPICS.slice(1)]);
    expect(after[1]).toEqual(extra);
    expect(after.find((e) => e.topic === 'minimum')!.question).toBe('Minimum order dey?');
  });

  it('refuses a bad body with a 400 and changes nothing', async () => {
    const before = await read('/api/content/faq?lang=en');
    const faq = json<SiteContentAnswer<'faq'>>(before).body;
    const bad: unknown[] = [
      // A topic dropped.
      { entries: faq.entries.filter((e) => e.topic !== 'cancel') },
      // A topic not in the list.
      { entries: [...faq.entries, { topic: 'jokes', question: 'Why?', answer: 'Because.' }] },
      // An empty answer, a link to another site.
      { entries: faq.entries.map((e, i) => (i === 0 ? { ...e, answer: '  ' } : e)) },
      { entries: faq.entries.map((e, i) => (i === 0 ? { ...e, answer: 'See [this](https://evil.example)' } : e)) },
      // Terms shaped body for the FAQ.
      terms,
    ];
    for (const body of bad) {
      const res = await put('/api/admin/content/faq/en', admin, body);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    const contact = await put('/api/admin/content/contact/en', admin, {
      phone: '12345',
      email: 'help@jara.ng',
      address: '',
      hours: '',
    });
    expect(contact.statusCode).toBe(400);
    expect((await put('/api/admin/content/faq/fr', admin, faq)).statusCode).toBe(400);
    expect((await read('/api/content/faq?lang=en')).body).toBe(before.body);
    expect(json<SiteContentAnswer<'contact'>>(await read('/api/content/contact?lang=en')).body.email).toBe('');
  });

  it('saves the contact details, which the admin reads back with when they were saved', async () => {
    const details = {
      phone: '08031234567',
      email: 'help@jara.ng',
      address: 'Hall 2 gate, Ugbowo',
      hours: '8 AM – 9 PM',
    };
    expect((await put('/api/admin/content/contact/pcm', admin, details)).statusCode).toBe(200);
    const mine = json<SiteContentAnswer<'contact'>>(await read('/api/admin/content/contact/pcm', { cookie: admin }));
    expect(mine.body).toEqual(details);
    expect(typeof mine.updatedAt).toBe('string');
  });
});
