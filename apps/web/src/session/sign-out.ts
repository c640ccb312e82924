import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/toast';
import type { MessageAnswer } from '@jara/shared';
import { api, errorMessage } from '../lib/api-client';
import { clearPersonalCaches } from '../lib/pwa';
import { t } from '../i18n';
import { useSetSession } from './session';
import { markSignedOut } from './login-modal';

declare global {
  interface Window {
    /** Google's sign-in script, loaded by the login form (features/auth) when it is configured. */
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

const logout = () => api.post<MessageAnswer>('/api/user/logout');

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
    void import('../lib/socket').then((m) => m.disconnectSocket());
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
      await import('../lib/push').then((m) => m.disablePush()).catch(() => undefined);
      const res = await logout();
      signedOut(res.message || t('common', 'common.loggedOut'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
}
