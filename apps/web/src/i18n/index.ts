export { useT, useLanguage, Trans, t, type Translate } from './use-t';
export {
  i18n,
  switchLanguage,
  startI18n,
  pageLanguage,
  hasLanguageCookie,
  loadAreas,
  usedAreas,
  markAllLoaded,
} from './i18n';
export { ROOT_AREAS, type Area, type MessageId } from './catalogues';
