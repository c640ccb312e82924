import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteAnswer, QuoteInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type QuoteRequest = RequestBody<typeof QuoteInput>;

/** `POST /api/order/quote` → the cart priced as checkout will charge it, with its promotions (naira). */
const getQuote = (req: QuoteRequest) => api.post<QuoteAnswer, typeof QuoteInput>('/api/order/quote', req);

/** The prefix of every quote: what a refused checkout asks again. */
export const QUOTE_KEY = ['order-quote'] as const;

const quoteQuery = (req: QuoteRequest | null, attempt: number) =>
  queryOptions({
    queryKey: [...QUOTE_KEY, req, attempt],
    queryFn: () => getQuote(req!),
    enabled: req !== null,
    // Asked again on every change, a request seen before included (a code may have been used up
    // meanwhile); not on a return to the tab: a typed code's quotes are counted by the server.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/**
 * The server's figures for the cart, asked again whenever the request (or the attempt: a tap on
 * Apply asks even for a request asked before) changes; the last answer stays shown meanwhile.
 */
export function useQuote(req: QuoteRequest | null, attempt = 0) {
  return useQuery({ ...quoteQuery(req, attempt), placeholderData: keepPreviousData });
}
