import type {
  ChangePasswordInput,
  GoogleSignInInput,
  LoginInput,
  MessageAnswer,
  RegisterInput,
  RequestBody,
  ResetPasswordInput,
  SendResetInput,
  UserAnswer,
} from '@jara/shared';
import { api } from '../../../lib/api-client';

export const login = (body: RequestBody<typeof LoginInput>) =>
  api.post<UserAnswer, typeof LoginInput>('/api/user/login', body);

export const register = (body: RequestBody<typeof RegisterInput>) =>
  api.post<UserAnswer, typeof RegisterInput>('/api/user/register', body);

export const googleSignIn = (token: string) =>
  api.post<UserAnswer, typeof GoogleSignInInput>('/api/user/google-signin', { token });

export const sendPasswordResetEmail = (email: string) =>
  api.post<MessageAnswer, typeof SendResetInput>('/api/user/sendPasswordResetEmail', { email });

/** A used, expired or wrong link is refused (400) with the server's message. */
export const resetPassword = (body: RequestBody<typeof ResetPasswordInput>) =>
  api.post<MessageAnswer, typeof ResetPasswordInput>('/api/user/resetPassword', body);

export const changePassword = (body: RequestBody<typeof ChangePasswordInput>) =>
  api.post<MessageAnswer, typeof ChangePasswordInput>('/api/user/change-password', body);

export const logoutAll = () => api.post<MessageAnswer>('/api/user/logout-all');
