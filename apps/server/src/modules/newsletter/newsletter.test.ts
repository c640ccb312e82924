import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorAnswer, MessageAnswer } from '@jara/shared';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import { newsletterSubscribers } from './newsletter.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('newsletter API', () => {
  it('stores a newsletter address once and refuses a bad one', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: 'Reader@Example.com' },
      });
      expect(json<MessageAnswer>(res)).toEqual({ success: true, message: 'Thanks for subscribing!' });
    }
    expect(
      await app.ctx.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, 'reader@example.com')),
    ).toHaveLength(1);
    const bad = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorAnswer>(bad)).toMatchObject({ success: false, message: 'Invalid email format.' });
  });
});
