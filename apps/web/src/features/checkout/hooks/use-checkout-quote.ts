import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { nairaToKobo, type CartTotals, type QuoteAnswer } from '@jara/shared';
import { ApiError } from '../../../lib/api-client';
import { useQuote, type QuoteRequest } from '../api/get-quote';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** How long the cart waits for taps to settle before asking the server for its figures again. */
const QUOTE_DEBOUNCE_MS = 300;

/** A refusal that is about the promotion code (unknown, ended, used up, not for this cart…). */
export const isPromoRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code.startsWith('promo_');

/** The quote's figures as the summary draws them. */
export const quoteTotals = (q: QuoteAnswer): CartTotals => ({
  itemsKobo: nairaToKobo(q.itemsPrice),
  deliveryFeeKobo: nairaToKobo(q.deliveryFee),
  serviceFeeKobo: nairaToKobo(q.serviceFee),
  totalKobo: nairaToKobo(q.total),
});

/**
 * The signed-in cart priced by the server (`POST /api/order/quote`), with the promotion code the
 * customer applied: asked again, debounced, whenever the request changes. While it asks, the last
 * figures it gave stay shown; a code the server refuses is dropped with its message, and the
 * figures go back to those without it.
 */
export function useCheckoutQuote(base: Omit<QuoteRequest, 'code'> | null) {
  const [code, setCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // Each tap on Apply is asked of the server, even for a code and cart it has priced before (taken
  // off and put back meanwhile): its answer then may differ (used up, the account barred).
  const [attempt, setAttempt] = useState(0);
  const req: QuoteRequest | null = base && (code ? { ...base, code } : base);
  const key = JSON.stringify({ req, attempt });
  const settledKey = useDebouncedValue(key, QUOTE_DEBOUNCE_MS);
  const settledAsk = useMemo(
    () => JSON.parse(settledKey) as { req: QuoteRequest | null; attempt: number },
    [settledKey],
  );
  const settled = settledAsk.req;
  const quote = useQuote(settled, settledAsk.attempt);
  const asking = req !== null && (key !== settledKey || quote.isFetching);

  // The last figures the server gave: shown while the next answer is asked.
  const lastGood = useRef<QuoteAnswer | null>(null);
  if (quote.data && !quote.isPlaceholderData) lastGood.current = quote.data;
  if (req === null) lastGood.current = null;
  const shown =
    req === null || (quote.isError && !isPromoRefusal(quote.error)) ? null : (quote.data ?? lastGood.current);
  /** The answer for exactly what the cart holds now: what checkout charges. */
  const current = !asking && quote.isSuccess && !quote.isPlaceholderData ? quote.data : null;
  const applied = current && settled?.code ? settled.code : null;

  // The server refused the code: say why, and price the cart without it.
  const refused = !asking && settled?.code && quote.isError && isPromoRefusal(quote.error) ? quote.error : null;
  useEffect(() => {
    if (!refused) return;
    setCodeError(refused.message);
    setCode(null);
  }, [refused]);

  const apply = useCallback((next: string) => {
    setCodeError(null);
    setCode(next);
    setAttempt((n) => n + 1);
  }, []);
  const remove = useCallback(() => {
    setCodeError(null);
    setCode(null);
  }, []);
  /** The code stops applying (checkout refused it): its message shown, the cart priced again without it. */
  const drop = useCallback((message: string) => {
    setCodeError(message);
    setCode(null);
  }, []);

  return {
    /** The figures to show (the current answer, or the last one while asking); null: none to show. */
    shown,
    current,
    asking,
    /** The quote failed for a reason other than the code (the summary falls back to the cart's own figures). */
    failed: quote.isError && !isPromoRefusal(quote.error) && !asking ? quote.error : null,
    /** The code typed and being priced, or applied. */
    code,
    /** The code the current figures include. */
    applied,
    codeError,
    setCodeError,
    apply,
    remove,
    drop,
  };
}
