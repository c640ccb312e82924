/** What a vendor's dashboard (modules/insights) reads of payouts, through index.ts. */
import * as repo from './insight-figures.repo.js';

export const shopPayoutsBetween = repo.shopPayoutsBetween;
