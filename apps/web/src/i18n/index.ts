export { useT, useLanguage, Trans, t, type Translate } from './use-t';
export {
  i18n,
  switchLanguage,
  startI18n,
  pageLanguage,
  hasLanguageCookie,
  usedAreas,
  markAllLoaded,
  preloadAreas,
} from './i18n';
export type { Area, MessageId } from './catalogues';
