/** What the dashboards (modules/insights) read of dispatches, through index.ts (see insight-figures.repo.ts). */
import * as repo from './insight-figures.repo.js';

export const dispatchRidersUnderWay = repo.ridersUnderWay;
export const riderDispatchPromises = repo.riderDispatchPromises;
