import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The orders module's words (the customer's emails), in the customer's language. */
export const t = moduleCatalogue('orders', { en, pcm });
