/** What a rider's dashboard (modules/insights) reads of the ledger, through index.ts. */
import * as repo from './insight-figures.repo.js';

export const riderReleasesBetween = repo.riderReleasesBetween;
