import { use, useCallback, useContext, type ReactNode } from 'react';
import { I18nProvider, LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import type { Language } from '@jara/shared';
import { i18n as browserI18n, isLoaded, loadAreas } from './i18n';
import { ROOT_AREAS, type Area, type MessageId } from './catalogues';

export type Values = Record<string, unknown>;
export type Translate<A extends Area> = (id: MessageId<A>, values?: Values) => string;

/**
 * The messages of one area for a component: `const t = useT('cart'); t('cart.empty')`. The ids
 * are typed by the area's English catalogue. An area not yet loaded in the current language
 * suspends the component (React's `use`) until its chunk arrives; a switch of language re-renders.
 */
export function useT<A extends Area>(area: A): Translate<A> {
  const i18n = useI18n();
  const language = i18n.locale as Language;
  if (![area, ...ROOT_AREAS].every((a) => isLoaded(i18n, a, language)))
    use(loadAreas(i18n, [area, ...ROOT_AREAS], language));
  return useCallback<Translate<A>>((id, values) => i18n._(id, values), [i18n, language]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The provider's instance (the app always has one; a component test may render without it). */
function useI18n() {
  return useContext(LinguiContext)?.i18n ?? browserI18n;
}

/** The current language, re-rendering on a switch. */
export function useLanguage(): Language {
  return useI18n().locale as Language;
}

/**
 * A message with markup: `<Trans area="auth" id="auth.terms" components={{ link: <Link to="/customer-terms" /> }} />`
 * for "… the <link>terms</link>".
 */
export function Trans<A extends Area>(props: {
  area: A;
  id: MessageId<A>;
  values?: Values;
  components?: Record<string, React.ReactElement>;
}): ReactNode {
  useT(props.area);
  const provided = useContext(LinguiContext);
  const trans = <LinguiTrans id={props.id} values={props.values} components={props.components} />;
  return provided ? trans : <I18nProvider i18n={browserI18n}>{trans}</I18nProvider>;
}

/**
 * For event handlers, toasts and other code outside a render (never during one: a server render
 * has its own instance): the browser's messages, in the current language.
 */
export function t<A extends Area>(_area: A, id: MessageId<A>, values?: Values): string {
  return browserI18n._(id, values);
}
