import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../test/render';
import { ensureConnected } from '../lib/socket';
import { useLogout } from './sign-out';
import { CUSTOMER } from '../test/users';

// The real lib/socket over a fake socket.io-client: counts handshakes and disconnects.
const fake = vi.hoisted(() => {
  const state = { connects: 0, disconnects: 0 };
  const socket = {
    connected: false,
    active: false,
    connect() {
      state.connects += 1;
      socket.connected = socket.active = true;
      return socket;
    },
    disconnect() {
      state.disconnects += 1;
      socket.connected = socket.active = false;
      return socket;
    },
    on: () => socket,
    off: () => socket,
    io: { on: () => undefined, off: () => undefined },
  };
  return { state, socket };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  );
}

describe('useLogout', () => {
  it('closes the socket once the server ends the session, so the next login connects anew', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'POST /api/user/logout': { success: true, message: 'Logged out' },
    });
    ensureConnected();
    const before = { ...fake.state };
    renderApp(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(fake.state.disconnects).toBe(before.disconnects + 1);
    expect(fake.socket.connected).toBe(false);

    // A next login: features ask for the socket again and get a new handshake (new cookie).
    ensureConnected();
    expect(fake.state.connects).toBe(before.connects + 1);
  });

  it('keeps the socket when the logout call fails (the session is still there)', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'POST /api/user/logout': () =>
        new Response(JSON.stringify({ success: false, message: 'Network trouble' }), { status: 500 }),
    });
    ensureConnected();
    const before = { ...fake.state };
    renderApp(<LogoutButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Network trouble')).toBeInTheDocument();
    await waitFor(() => expect(fake.socket.connected).toBe(true));
    expect(fake.state.disconnects).toBe(before.disconnects);
  });
});
