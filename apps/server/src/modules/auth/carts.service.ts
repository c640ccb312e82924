/** What other modules do to a customer's saved cart, through index.ts, in the caller's transaction. */
import type { Executor } from '../../infra/db/client.js';
import { deleteCartLines } from './carts.repo.js';

/** Removes the bought lines (product and option) from the customer's saved cart. */
export function removeCartLines(
  ex: Executor,
  userId: string,
  lines: readonly { productId: string; optionId: string }[],
): Promise<void> {
  return deleteCartLines(ex, userId, lines);
}
