import { useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { PublicUser } from '@jara/shared';
import { logout as logoutCall } from '../api/auth-calls';
import { useSetSession } from '../api/session';
import { closeLogin, markSignedOut } from './use-login-modal';
import { errorMessage } from '../../../lib/api-client';
import { clearPersonalCaches } from '../../../lib/pwa';

declare global {
  interface Window {
    google?: {
      accounts: {
        id: {
          initialize(opts: {
            client_id: string;
            callback: (r: { credential: string }) => void;
            auto_select?: boolean;
          }): void;
          renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
          disableAutoSelect(): void;
        };
      };
    };
  }
}

/**
 * What happens after a successful login or registration: the session is replaced (the app merges
 * the guest cart and wish list as it adopts the account), the modal closes and the user stays
 * where they were — the cart, My Orders, a portal (decision 0014; the spec sends everyone but
 * /seller home, which broke checkout).
 */
export function useSignedIn() {
  const setSession = useSetSession();
  return (user: PublicUser, message?: string) => {
    setSession(user);
    closeLogin();
    if (message) toast.success(message);
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
  const location = useLocation();
  return (message: string) => {
    window.google?.accounts.id.disableAutoSelect();
    // The socket code is loaded on first use; after a logout the session's socket must go.
    void import('../../../lib/socket').then((m) => m.disconnectSocket());
    // The cached session, cart and My Orders of this account must not outlive it on this phone.
    void clearPersonalCaches();
    markSignedOut(location.key);
    setSession(null);
    toast.success(message);
    void navigate('/');
  };
}

export function useLogout() {
  const signedOut = useSignedOut();
  return async () => {
    try {
      // This browser stops receiving the account's notifications (while the session still
      // lets the server forget the subscription); a failure here never blocks the logout.
      await import('../../../lib/push').then((m) => m.disablePush()).catch(() => undefined);
      const res = await logoutCall();
      signedOut(res.message || 'Logged out');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
}
