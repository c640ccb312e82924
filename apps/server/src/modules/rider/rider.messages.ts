import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The rider module's words (support's alert when a delivery is locked). */
export const t = moduleCatalogue('rider', { en, pcm });
