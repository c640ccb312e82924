import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@jara/shared';
import { i18n, switchLanguage } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { NewsletterBox } from './newsletter-box';

describe('the newsletter box', () => {
  afterEach(() => i18n.activate('en'));

  it('refuses a malformed email with the spec’s message', async () => {
    stubFetch(GUEST);
    renderApp(<NewsletterBox />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidEmail);
  });

  it('says the same in Pidgin', async () => {
    await loadAreas(i18n, ['newsletter', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch(GUEST);
    renderApp(<NewsletterBox />);
    await userEvent.type(screen.getByPlaceholderText('Put your email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email no correct.');
    expect(screen.getByRole('heading', { name: 'No let any deal pass you' })).toBeInTheDocument();
  });
});

describe('the newsletter box, subscribed', () => {
  afterEach(() => switchLanguage('en'));

  const SUBSCRIBED = {
    ...GUEST,
    'POST /api/newsletter/subscribe': { success: true, message: 'Thanks for subscribing!' },
  };

  it("thanks in the server's words in English", async () => {
    const calls = stubFetch(SUBSCRIBED);
    renderApp(<NewsletterBox />);
    await userEvent.type(screen.getByLabelText('Email address'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Thanks for subscribing!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.com' });
  });

  it('thanks in Pidgin after the switch', async () => {
    await switchLanguage('pcm');
    stubFetch(SUBSCRIBED);
    renderApp(<NewsletterBox />);
    await userEvent.type(await screen.findByPlaceholderText('Put your email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Thank you as you join!')).toBeInTheDocument();
  });
});
