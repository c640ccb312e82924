/** What the dashboards' aggregates embed of the shops (see insight-figures.repo.ts), through index.ts. */
import * as repo from './insight-figures.repo.js';

export const shopOwnerSql = repo.shopOwnerSql;
