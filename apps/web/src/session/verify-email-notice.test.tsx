import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../test/render';
import { CUSTOMER } from '../test/users';
import { announceEmailCode, VerifyEmailNotice } from './verify-email-notice';

describe('VerifyEmailNotice', () => {
  it('after a sign-up, says a code went to the email and links to the profile; closing hides it', async () => {
    stubFetch({ 'GET /api/user/is-auth': { success: true, user: { ...CUSTOMER, emailVerified: false } } });
    renderApp(<VerifyEmailNotice />);
    // Nothing before a sign-up in this tab.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
    act(() => announceEmailCode());
    expect(
      await screen.findByText('We sent a 6-digit code to ada@example.com. Enter it to verify your email.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify on your profile' })).toHaveAttribute(
      'href',
      '/profile#verification',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
  });

  it('shows nothing once the email is verified', async () => {
    stubFetch({ 'GET /api/user/is-auth': { success: true, user: CUSTOMER } });
    act(() => announceEmailCode());
    renderApp(<VerifyEmailNotice />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('verify-email-notice')).toBeNull();
  });
});
