import type { Translate } from '../i18n';
import { percent } from './format';

/** Minutes (one decimal) as '12.5 min', or the words for "no figure yet". */
export const minutes = (t: Translate<'insights'>, value: number | null) =>
  value === null ? t('insights.none') : t('insights.minutes', { minutes: value });

/** A share (0..1) as a percentage, or the words for "no figure yet". */
export const share = (t: Translate<'insights'>, value: number | null) =>
  value === null ? t('insights.none') : percent(value);

/** An average rating out of 5 ('4.6 / 5'), or the words for "no ratings yet". */
export const rating = (t: Translate<'insights'>, average: number | null) =>
  average === null ? t('insights.noRatings') : t('insights.rating', { average: average.toFixed(1) });
