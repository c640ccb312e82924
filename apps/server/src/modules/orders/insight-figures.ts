/** What the dashboards (modules/insights) read of orders, through index.ts (see insight-figures.repo.ts). */
import * as repo from './insight-figures.repo.js';

export type { FigureLinks, FigureRange } from './insight-figures.repo.js';

export const orderFigures = {
  periodFigures: repo.periodFigures,
  deliveryTimes: repo.deliveryTimes,
  ridersUnderWay: repo.ridersUnderWay,
  shopFigures: repo.shopFigures,
  shopPreparation: repo.shopPreparation,
  riderOrderPromises: repo.riderOrderPromises,
};
