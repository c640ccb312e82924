import { useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { PublicUser } from '@jara/shared';
import { logout as logoutCall } from '../api/auth-calls';
import { useSetSession } from '../api/session';
import { closeLogin } from './use-login-modal';
import { errorMessage } from '../../../lib/api-client';
import { disconnectSocket } from '../../../lib/socket';

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize(opts: { client_id: string; callback: (r: { credential: string }) => void; auto_select?: boolean }): void;
          renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
          disableAutoSelect(): void;
        };
      };
    };
  }
}

/**
 * What happens after a successful login or registration: the session is replaced (the app merges
 * the guest cart and wish list as it adopts the account), the modal closes and the user goes
 * home unless on /seller.
 */
export function useSignedIn() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  const location = useLocation();
  return (user: PublicUser, message?: string) => {
    setSession(user);
    closeLogin();
    if (message) toast.success(message);
    if (!location.pathname.startsWith('/seller')) navigate('/');
  };
}

/**
 * What happens once the server has ended the session: no Google auto sign-in, the socket (which
 * was authenticated at its handshake with the old cookie) is closed so the next login opens a new
 * one, the session is cleared and the user goes home.
 */
export function useSignedOut() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return (message: string) => {
    window.google?.accounts.id.disableAutoSelect();
    disconnectSocket();
    setSession(null);
    toast.success(message);
    navigate('/');
  };
}

export function useLogout() {
  const signedOut = useSignedOut();
  return async () => {
    try {
      const res = await logoutCall();
      signedOut(res.message || 'Logged out');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
}
