import type { PublicUser } from '@jara/shared';
import { api } from '../../../lib/api-client';

interface UserAnswer {
  success: true;
  user: PublicUser;
  message: string;
}
interface MessageAnswer {
  success: boolean;
  message: string;
}

export const login = (body: { email: string; password: string }) => api.post<UserAnswer>('/api/user/login', body);

export const register = (body: { name: string; email: string; password: string }) =>
  api.post<UserAnswer>('/api/user/register', body);

export const googleSignIn = (token: string) => api.post<UserAnswer>('/api/user/google-signin', { token });

export const logout = () => api.post<MessageAnswer>('/api/user/logout');

export const sendPasswordResetEmail = (email: string) =>
  api.post<MessageAnswer>('/api/user/sendPasswordResetEmail', { email });

/** success=false answers are returned (not thrown) so the page can show the server's message. */
export const resetPassword = (body: { id: string; token: string; newPassword: string }) =>
  api.post<MessageAnswer>('/api/user/resetPassword', body, { allowUnsuccessful: true });

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api.post<MessageAnswer>('/api/user/change-password', body);

export const logoutAll = () => api.post<MessageAnswer>('/api/user/logout-all');
