import { useLocation, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { PublicUser } from '@jara/shared';
import { logout as logoutCall } from '../api/auth-calls';
import { useSetSession } from '../api/session';
import { closeLogin } from './use-login-modal';
import { errorMessage } from '../../../lib/api-client';

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

export function useLogout() {
  const setSession = useSetSession();
  const navigate = useNavigate();
  return async () => {
    try {
      const res = await logoutCall();
      window.google?.accounts.id.disableAutoSelect();
      setSession(null);
      toast.success(res.message || 'Logged out');
      navigate('/');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
}
