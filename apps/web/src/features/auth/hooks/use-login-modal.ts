import { createStore } from '../../../lib/create-store';

export type LoginMode = 'login' | 'register' | 'forgotPassword';

/** The spec's "login flag": the modal is shown while open is true. */
export const [loginModal, useLoginModal] = createStore<{ open: boolean; mode: LoginMode }>({ open: false, mode: 'login' });

export const openLogin = (mode: LoginMode = 'login') => loginModal.set({ open: true, mode });
export const closeLogin = () => loginModal.set((s) => ({ ...s, open: false }));
export const setLoginMode = (mode: LoginMode) => loginModal.set((s) => ({ ...s, mode }));
