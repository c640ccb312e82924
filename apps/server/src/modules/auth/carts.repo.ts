import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { cartItems } from './auth.tables.js';

/** Deletes the given lines from the user's saved cart, one statement per line. */
export async function deleteCartLines(
  ex: Executor,
  userId: string,
  lines: readonly { productId: string; optionId: string }[],
): Promise<void> {
  for (const l of lines) {
    await ex
      .delete(cartItems)
      .where(
        and(eq(cartItems.userId, userId), eq(cartItems.productId, l.productId), eq(cartItems.optionId, l.optionId)),
      );
  }
}
