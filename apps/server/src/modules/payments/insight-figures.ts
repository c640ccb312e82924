/** What the dashboards (modules/insights) read of payments, through index.ts (see insight-figures.repo.ts). */
import * as repo from './insight-figures.repo.js';

export const orderRefundsBetween = repo.orderRefundsBetween;
export const checkoutsBetween = repo.checkoutsBetween;
