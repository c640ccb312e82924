/**
 * The shop window's content as admins manage it: categories and home banners. The SQL is in
 * content.repo.ts; a write bumps the catalogue's revision (migration 0011), so the public
 * catalogue and its banners follow.
 */
import type { BannerInput, CategoryInput } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import * as repo from './content.repo.js';

/** Every category, in its shop-window order. */
export function allCategories(ex: Executor) {
  return repo.allCategories(ex);
}

/** Adds the category, or changes the one with that path. */
export function saveCategory(ex: Executor, c: CategoryInput): Promise<void> {
  return repo.upsertCategory(ex, c);
}

/** Deletes a category no product uses. */
export function deleteCategory(ex: Executor, path: string): Promise<'deleted' | 'in_use' | 'missing'> {
  return repo.deleteCategory(ex, path);
}

/** The banners in their order; only the ones shown on the home page when `onlyActive`. */
export function listBanners(ex: Executor, onlyActive = false) {
  return repo.listBanners(ex, onlyActive);
}

export function addBanner(ex: Executor, b: BannerInput) {
  return repo.insertBanner(ex, b);
}

/** The banner as changed, or undefined when there is none with that id. */
export function changeBanner(ex: Executor, id: string, b: BannerInput) {
  return repo.updateBanner(ex, id, b);
}

/** False when there was no banner with that id. */
export function deleteBanner(ex: Executor, id: string): Promise<boolean> {
  return repo.deleteBanner(ex, id);
}
