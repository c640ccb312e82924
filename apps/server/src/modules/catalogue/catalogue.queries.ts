/**
 * What other modules ask the catalogue about its products and shops, through index.ts: each
 * read runs on the caller's executor, so it joins the caller's transaction when there is one.
 */
import type { Executor } from '../../infra/db/client.js';
import { knownProductIds, optionsWithProducts, vendorsByIds } from './catalogue.repo.js';

/** The product of each given option whose product still has a row (withdrawn ones included). */
export async function productsOfOptions(ex: Executor, optionIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await optionsWithProducts(ex, optionIds);
  return new Map(rows.map((r) => [r.optionId, r.productId]));
}

/** The given products that have a row (withdrawn ones included). */
export async function knownProducts(ex: Executor, productIds: readonly string[]): Promise<Set<string>> {
  return new Set(await knownProductIds(ex, productIds));
}

/** Shops by id: their business name and the account that runs them. */
export async function shopsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, { businessName: string; userId: string | null }>> {
  const rows = await vendorsByIds(ex, ids);
  return new Map(rows.map((r) => [r.id, { businessName: r.businessName, userId: r.userId }]));
}
