import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { GUEST, stubFetch } from '../test/fetch';
import { i18n, switchLanguage, useT } from '../i18n';
import { LanguageSwitch } from './language-switch';

function Greeting() {
  const t = useT('common');
  return <p>{t('common.languageNotSaved')}</p>;
}

afterEach(async () => {
  await switchLanguage('en');
  document.cookie = 'jara_lang=; path=/; max-age=0';
});

describe('the language switch', () => {
  it('turns the screen to Pidgin and back, keeping the choice in the cookie and <html lang>', async () => {
    stubFetch(GUEST);
    renderApp(
      <>
        <LanguageSwitch />
        <Greeting />
      </>,
    );
    expect(await screen.findByText(/could not be saved to your account/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pidgin' }));
    expect(await screen.findByText(/e no fit save for your account/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pidgin' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.cookie).toContain('jara_lang=pcm');
    expect(document.documentElement.lang).toBe('pcm');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText(/could not be saved to your account/)).toBeInTheDocument();
    expect(document.cookie).toContain('jara_lang=en');
  });

  it("stores a signed-in student's choice on the account", async () => {
    const user = { _id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'customer', language: 'en' };
    const calls = stubFetch({
      'GET /api/user/is-auth': { success: true, user, role: 'customer' },
      'PUT /api/user/language': { success: true, message: 'Saved' },
    });
    document.cookie = 'jara_lang=en; path=/';
    renderApp(<LanguageSwitch />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/is-auth')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Pidgin' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', path: '/api/user/language', body: { language: 'pcm' } }),
    );
  });
});

describe('plurals and numbers follow en-NG in both languages', () => {
  it('the browser instance starts in English', () => {
    expect(i18n.locale).toBe('en');
  });

  it.each(['en', 'pcm'] as const)('%s', async (language) => {
    await switchLanguage(language);
    i18n.load(language, { 'x.orders': '{count, plural, one {# order} other {# orders}} · {total, number}' });
    expect(i18n._('x.orders', { count: 1, total: 1250 })).toBe('1 order · 1,250');
    expect(i18n._('x.orders', { count: 3, total: 1250000 })).toBe('3 orders · 1,250,000');
    expect(i18n._('x.orders', { count: 0, total: 0 })).toBe('0 orders · 0');
  });
});
