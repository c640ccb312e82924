import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The dispatch module's words (the recipient's delivery code, support's alert), in the reader's language. */
export const t = moduleCatalogue('dispatch', { en, pcm });
