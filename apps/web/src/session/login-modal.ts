import { createStore } from '../lib/create-store';

export type LoginMode = 'login' | 'register' | 'forgotPassword';

/** The spec's "login flag": the modal is shown while open is true. */
const [loginModal, useLoginModal] = createStore<{ open: boolean; mode: LoginMode }>({
  open: false,
  mode: 'login',
});
export { useLoginModal };

export const openLogin = (mode: LoginMode = 'login') => loginModal.set({ open: true, mode });
export const closeLogin = () => loginModal.set((s) => ({ ...s, open: false }));
export const setLoginMode = (mode: LoginMode) => loginModal.set((s) => ({ ...s, mode }));

/**
 * The history entry on which the user last logged out: a portal still showing there for a moment
 * (the route to Home loads in a transition) must not ask the user to log in again.
 */
let signedOutOn: string | null = null;
export const markSignedOut = (locationKey: string) => {
  signedOutOn = locationKey;
};
export const justSignedOut = (locationKey: string) => signedOutOn === locationKey;
