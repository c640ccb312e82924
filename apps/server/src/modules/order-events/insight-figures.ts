/** What the dashboards' aggregates embed of the status log (see insight-figures.repo.ts), through index.ts. */
import * as repo from './insight-figures.repo.js';

export const firstReachedSql = repo.firstReachedSql;
export const cancelEventSql = repo.cancelEventSql;
export const reachedBetweenSql = repo.reachedBetweenSql;
