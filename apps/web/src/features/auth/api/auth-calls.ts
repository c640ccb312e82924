import type { MessageAnswer, UserAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const login = (body: { email: string; password: string }) => api.post<UserAnswer>('/api/user/login', body);

export const register = (body: { name: string; email: string; password: string }) =>
  api.post<UserAnswer>('/api/user/register', body);

export const googleSignIn = (token: string) => api.post<UserAnswer>('/api/user/google-signin', { token });

export const logout = () => api.post<MessageAnswer>('/api/user/logout');

export const sendPasswordResetEmail = (email: string) =>
  api.post<MessageAnswer>('/api/user/sendPasswordResetEmail', { email });

/** A used, expired or wrong link is refused (400) with the server's message. */
export const resetPassword = (body: { id: string; token: string; newPassword: string }) =>
  api.post<MessageAnswer>('/api/user/resetPassword', body);

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api.post<MessageAnswer>('/api/user/change-password', body);

export const logoutAll = () => api.post<MessageAnswer>('/api/user/logout-all');
