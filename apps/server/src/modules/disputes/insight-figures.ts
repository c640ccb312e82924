/** What the admin's dashboard (modules/insights) reads of disputes, through index.ts. */
import * as repo from './insight-figures.repo.js';

export const disputesBetween = repo.disputesBetween;
