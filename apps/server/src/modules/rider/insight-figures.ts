/** What the dashboards (modules/insights) read of riders, through index.ts (see insight-figures.repo.ts). */
import * as repo from './insight-figures.repo.js';

export const deliveryStarsSql = repo.deliveryStarsSql;
export const onlineRiders = repo.onlineRiders;
export const riderHoursOnline = repo.hoursOnline;
export const riderRatingsBetween = repo.ratingsBetween;
