import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

const route = '/reset-password?token=abcdefghijklmnopqrstuvwxyz&id=11111111-1111-4111-8111-111111111111';

describe('ResetPasswordPage', () => {
  it('shows the problems as bullets under each field and sends nothing', async () => {
    const calls = stubFetch({ 'GET /api/user/is-auth': { success: false, user: null } });
    renderApp(<ResetPasswordPage />, { route });
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abd');
    await userEvent.click(screen.getByRole('button', { name: MSG.resetPassword }));

    const newPw = screen.getByLabelText('New Password');
    const list = document.getElementById(newPw.getAttribute('aria-describedby')!)!;
    expect([...list.querySelectorAll('li')].map((l) => l.textContent)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One number',
      'One special character',
    ]);
    const confirm = screen.getByLabelText('Confirm Password');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)).toHaveTextContent(
      MSG.passwordsDoNotMatch,
    );
    expect(calls.some((c) => c.path === '/api/user/resetPassword')).toBe(false);
  });

  it('sends id, token and the new password, clears the fields and goes home', async () => {
    const calls = stubFetch({
      'GET /api/user/is-auth': { success: false, user: null },
      'POST /api/user/resetPassword': { success: true, message: 'Your password has been reset. Please log in.' },
    });
    const { router } = renderApp(<ResetPasswordPage />, {
      route,
      path: '/reset-password',
      extraRoutes: [{ path: '/', element: <p>home</p> }],
    });
    await userEvent.type(screen.getByLabelText('New Password'), 'Brand#New2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Brand#New2026');
    await userEvent.click(screen.getByRole('button', { name: MSG.resetPassword }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/api/user/resetPassword')?.body).toEqual({
      id: '11111111-1111-4111-8111-111111111111',
      token: 'abcdefghijklmnopqrstuvwxyz',
      newPassword: 'Brand#New2026',
    });
    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeInTheDocument();
  });

  it('shows the server message when the link is expired', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: false, user: null },
      'POST /api/user/resetPassword': new Response(
        JSON.stringify({ success: false, message: 'Invalid or expired reset link', code: 'invalid_token' }),
        { status: 400 },
      ),
    });
    renderApp(<ResetPasswordPage />, { route });
    await userEvent.type(screen.getByLabelText('New Password'), 'Brand#New2026');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Brand#New2026');
    await userEvent.click(screen.getByRole('button', { name: MSG.resetPassword }));
    expect(await screen.findByText('Invalid or expired reset link')).toBeInTheDocument();
  });
});
