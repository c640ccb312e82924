import { toast } from '../../../lib/toast';
import type { PublicUser } from '@jara/shared';
import { useSetSession } from '../../../session/session';
import { closeLogin } from '../../../session/login-modal';

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
