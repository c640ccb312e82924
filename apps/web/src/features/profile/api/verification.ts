import { useMutation } from '@tanstack/react-query';
import type { PhoneInput, RequestBody, VerificationAnswer, VerificationCodeInput } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { useSetSession } from '../../../session/session';

const verifyEmail = (code: string) =>
  api.post<VerificationAnswer, typeof VerificationCodeInput>('/api/user/verify-email', { code });
const resendEmailCode = () => api.post<VerificationAnswer>('/api/user/verify-email/resend');
const startPhone = (phone: RequestBody<typeof PhoneInput>['phone']) =>
  api.post<VerificationAnswer, typeof PhoneInput>('/api/user/phone', { phone });
const verifyPhone = (code: string) =>
  api.post<VerificationAnswer, typeof VerificationCodeInput>('/api/user/verify-phone', { code });

/** A verification call whose answer (the account as it is now) replaces the session's user. */
function useVerificationCall<A>(call: (arg: A) => Promise<VerificationAnswer>) {
  const setSession = useSetSession();
  return useMutation({ mutationFn: call, onSuccess: (answer) => setSession(answer.user) });
}

export const useVerifyEmail = () => useVerificationCall(verifyEmail);
export const useResendEmailCode = () => useVerificationCall(resendEmailCode);
export const useStartPhone = () => useVerificationCall(startPhone);
export const useVerifyPhone = () => useVerificationCall(verifyPhone);
