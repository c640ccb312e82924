/** What the admin's funnel (modules/insights) reads of carts, through index.ts. */
import * as repo from './insight-figures.repo.js';

export const cartUsersBetween = repo.cartUsersBetween;
