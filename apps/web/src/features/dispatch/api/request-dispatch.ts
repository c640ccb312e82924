import { useMutation } from '@tanstack/react-query';
import type { DispatchPaymentAnswer, DispatchRequestInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Creates the dispatch (priced by the server) and answers with the payment page to go to. */
const requestDispatch = (body: DispatchRequestInput) =>
  api.post<DispatchPaymentAnswer, typeof DispatchRequestInput>('/api/payment/paystack-dispatch', body);

export const useRequestDispatch = () => useMutation({ mutationFn: requestDispatch });
