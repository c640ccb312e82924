import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { CUSTOMER } from '../../../test/users';
import { ProfilePage } from './profile-page';

const unverified: PublicUser = { ...CUSTOMER, email: 'ada@uniben.edu', emailVerified: false };
const verifiedStudent: PublicUser = { ...unverified, emailVerified: true, verifiedStudent: true };

const refusal = (status: number, code: string, message: string) => () =>
  new Response(JSON.stringify({ success: false, code, message }), { status });

function setup(user: PublicUser, routes: Record<string, unknown> = {}) {
  const calls = stubFetch({ 'GET /api/user/is-auth': { success: true, user, role: 'customer' }, ...routes });
  renderApp(<ProfilePage>{null}</ProfilePage>, { route: '/profile' });
  return calls;
}

describe('VerificationPanel', () => {
  it('takes the emailed code and shows the "Verified student" badge the answer brings', async () => {
    const calls = setup(unverified, {
      'POST /api/user/verify-email': { success: true, message: 'Email verified', user: verifiedStudent },
    });
    expect(await screen.findByText(/Enter the 6-digit code we sent to ada@uniben.edu/)).toBeVisible();
    expect(screen.queryByText('Verified student')).toBeNull();
    const field = screen.getByLabelText('Code from your email');
    await userEvent.type(field, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Enter the 6-digit code we sent you.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('ada@uniben.edu is verified.')).toBeVisible();
    expect(screen.getAllByText('Verified student').length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/api/user/verify-email')?.body).toEqual({ code: '123456' });
  });

  it('shows the server’s message for a wrong code and for a new code asked too soon', async () => {
    setup(unverified, {
      'POST /api/user/verify-email': refusal(
        400,
        'verification_code_voided',
        'Too many wrong tries: this code no longer works. Please ask for a new code.',
      ),
      'POST /api/user/verify-email/resend': refusal(
        429,
        'code_sent_recently',
        'We just sent you a code. Please wait 40 seconds before asking for another.',
      ),
    });
    await userEvent.type(await screen.findByLabelText('Code from your email'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong tries');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please wait 40 seconds'));
  });

  it('checks the phone number before sending, then takes the texted code', async () => {
    const withPhone = { ...verifiedStudent, phone: '+2348031234567', phoneVerified: true };
    const calls = setup(verifiedStudent, {
      'POST /api/user/phone': {
        success: true,
        message: 'A code is on its way to your phone',
        user: verifiedStudent,
        sentTo: '+2348031234567',
      },
      'POST /api/user/verify-phone': { success: true, message: 'Phone number verified', user: withPhone },
    });
    expect(await screen.findByText(/No phone number yet/)).toBeVisible();
    const phone = screen.getByLabelText('Phone number');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('Please enter a valid Nigerian phone number.')).toBeVisible();
    await userEvent.clear(phone);
    await userEvent.type(phone, '0803 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText('We texted a 6-digit code to +2348031234567.')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/user/phone')?.body).toEqual({ phone: '0803 123 4567' });
    await userEvent.type(screen.getByLabelText('Code from the text message'), '000111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText('+2348031234567 is verified.')).toBeVisible();
  });
});
