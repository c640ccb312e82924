import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@jara/shared';
import { i18n, switchLanguage } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { renderApp, stubFetch } from '../../../test/render';
import { LoginModal } from './login-modal';
import { openLogin } from '../../../session/login-modal';

const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@jara.test',
  isSeller: false,
  isRider: false,
  role: 'customer',
  roles: ['customer'],
  chatId: null,
  cartItems: {},
  wishList: [],
};

function setup(mode: 'login' | 'register' = 'login') {
  const calls = stubFetch({
    'GET /api/user/is-auth': { success: false, user: null },
    'GET /api/config': { googleClientId: null, campusName: 'UNIBEN' },
    'POST /api/user/login': { success: true, user, message: 'Welcome back' },
    'POST /api/user/register': { success: true, user, message: 'Account created' },
  });
  const utils = renderApp(<LoginModal />, { route: '/wishlist' });
  act(() => openLogin(mode));
  return { ...utils, calls };
}

describe('LoginModal', () => {
  it('lists the email and password problems and sends nothing', async () => {
    const { calls } = setup();
    const dialog = screen.getByRole('dialog', { name: /Login/ });
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByText(MSG.invalidEmail)).toBeInTheDocument();
    for (const t of ['At least 8 characters', 'One uppercase letter', 'One number', 'One special character']) {
      expect(within(dialog).getByText(t)).toBeInTheDocument();
    }
    expect(within(dialog).queryByText('One lowercase letter')).toBeNull();
    expect(calls.some((c) => c.path === '/api/user/login')).toBe(false);
  });

  it('logs in with a lower-cased email, closes and stays on the page (decision 0014)', async () => {
    const { calls, router } = setup();
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Ada@Jara.TEST');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Customer#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/user/login')?.body).toEqual({
      email: 'ada@jara.test',
      password: 'Customer#2026',
    });
    expect(router.state.location.pathname).toBe('/wishlist');
  });

  it('register: needs the terms and matching passwords', async () => {
    const { calls } = setup('register');
    const dialog = screen.getByRole('dialog', { name: /Sign Up/ });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ada');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@jara.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Customer#2026');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Customer#2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(within(dialog).getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.acceptTerms)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/register')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Confirm Password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Customer#2026');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    expect(within(dialog).queryByText(MSG.passwordsDoNotMatch)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/register')?.body).toEqual({
        name: 'Ada',
        email: 'ada@jara.test',
        password: 'Customer#2026',
      }),
    );
  });

  it('switches modes with links, closes on Escape and traps focus', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: /Forgot Password/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    await userEvent.click(screen.getByRole('button', { name: 'click here' }));
    expect(screen.getByRole('dialog', { name: /Sign Up/ })).toBeInTheDocument();

    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('in Pidgin', () => {
    afterEach(() => i18n.activate('en'));

    it('titles, labels, links and the password rules speak Pidgin', async () => {
      await loadAreas(i18n, ['auth', ...ROOT_AREAS], 'pcm');
      i18n.activate('pcm');
      const { calls } = setup();
      const dialog = screen.getByRole('dialog', { name: 'Enter your account' });
      await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
      await userEvent.type(within(dialog).getByLabelText('Your password'), 'short');
      expect(within(dialog).getByRole('button', { name: 'Show am: your password' })).toHaveTextContent('Show am');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enter' }));
      for (const rule of [
        'E must reach 8 characters',
        'One capital letter',
        'One figure',
        'One special sign like # or !',
      ]) {
        expect(within(dialog).getByText(rule)).toBeInTheDocument();
      }
      expect(within(dialog).getByText('This email no correct.')).toBeInTheDocument();
      expect(calls.some((c) => c.path === '/api/user/login')).toBe(false);

      await userEvent.click(within(dialog).getByRole('button', { name: 'press here' }));
      const register = screen.getByRole('dialog', { name: 'Open new account' });
      expect(within(register).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
        'href',
        '/customer-terms',
      );
      expect(within(register).getByText(/I gree to di/)).toBeInTheDocument();
    });
  });
});

describe('LoginModal: forgot password', () => {
  afterEach(() => switchLanguage('en'));

  const SENT = 'If an account exists for this email, a reset link is on its way.';
  function setupForgot() {
    const calls = stubFetch({
      'GET /api/user/is-auth': { success: false, user: null },
      'GET /api/config': { googleClientId: null, campusName: 'UNIBEN' },
      'POST /api/user/sendPasswordResetEmail': { success: true, message: SENT },
    });
    renderApp(<LoginModal />, { route: '/wishlist' });
    act(() => openLogin('forgotPassword'));
    return calls;
  }

  it("says the server's words in English, in the window and in the toast", async () => {
    const calls = setupForgot();
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Ada@Jara.TEST');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(SENT);
    expect(await screen.findAllByText(SENT)).toHaveLength(2);
    expect(calls.find((c) => c.path === '/api/user/sendPasswordResetEmail')?.body).toEqual({ email: 'ada@jara.test' });
  });

  it('says it in Pidgin after the switch', async () => {
    await switchLanguage('pcm');
    setupForgot();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@jara.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send di link' }));
    const said = 'If account dey for dis email, di reset link dey come.';
    expect(await within(dialog).findByRole('status')).toHaveTextContent(said);
    expect(await screen.findAllByText(said)).toHaveLength(2);
  });
});
