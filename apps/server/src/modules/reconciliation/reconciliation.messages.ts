import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The reconciliation module's words (each difference in a sentence), in the reader's language. */
export const t = moduleCatalogue('reconciliation', { en, pcm });
