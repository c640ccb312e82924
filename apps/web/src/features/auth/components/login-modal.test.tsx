import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@jara/shared';
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
});
