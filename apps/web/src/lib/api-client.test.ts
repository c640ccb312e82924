import { describe, expect, it } from 'vitest';
import { api, ApiError } from './api-client';
import { stubFetch } from '../test/render';

describe('api client', () => {
  it('turns the error envelope into an ApiError with the server message and code', async () => {
    stubFetch({
      'POST /api/user/login': new Response(
        JSON.stringify({ success: false, message: 'Invalid email or password', code: 'invalid_credentials' }),
        { status: 401 },
      ),
    });
    const err = await api.post('/api/user/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Invalid email or password', code: 'invalid_credentials', status: 401 });
  });

  it('returns success:false answers only when asked to', async () => {
    stubFetch({ 'GET /api/user/is-auth': { success: false, user: null } });
    await expect(api.get('/api/user/is-auth', { allowUnsuccessful: true })).resolves.toEqual({
      success: false,
      user: null,
    });
    await expect(api.get('/api/user/is-auth')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the client’s own messages', () => {
  it('says a network failure in the current language', async () => {
    const { i18n, loadAreas } = await import('../i18n/i18n');
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(api.get('/api/product/list')).rejects.toMatchObject({
      code: 'network_error',
      message: 'Network error. Check your connection and try again.',
    });
    await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      await expect(api.get('/api/product/list')).rejects.toMatchObject({
        message: 'Network wahala. Check your connection, then try again.',
      });
    } finally {
      i18n.activate('en');
    }
  });
});
