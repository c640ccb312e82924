import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { uniqueByName, type Suggestion } from '@jara/shared';
import { PlaceCombobox } from '../../../components/ui/place-combobox';
import { usePlaceSuggestions } from '../api/search-places';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { t } from '../../../i18n';

const DEBOUNCE_MS = 300;

interface Props {
  label: string;
  value: string;
  /** True once a suggestion was picked (coordinates are set). */
  picked: boolean;
  errors?: readonly string[];
  id?: string;
  onTextChange: (text: string) => void;
  onPick: (s: Suggestion) => void;
  /** Told whenever suggestions start or stop loading (the form refuses to submit meanwhile). */
  onLoadingChange: (loading: boolean) => void;
}

/** The drop-off address over the server's place search (top 5 matches, debounced). */
export function AddressAutocomplete({ picked, onLoadingChange, ...field }: Props) {
  const { value } = field;
  const text = value.trim();
  const q = useDebouncedValue(picked ? '' : text, DEBOUNCE_MS);
  const { data, isFetching, isError, errorUpdatedAt } = usePlaceSuggestions(q);
  const suggestions = !picked && q === text ? uniqueByName(data ?? []) : [];
  const noMatch = !picked && q === text && text.length >= 2 && !isFetching && data !== undefined && data.length === 0;
  const loading = !picked && text.length >= 2 && (q !== text || isFetching);

  const reportLoading = useRef(onLoadingChange);
  reportLoading.current = onLoadingChange;
  useEffect(() => reportLoading.current(loading), [loading]);

  useEffect(() => {
    if (isError) toast.error(t('dispatch', 'msg.failedSuggestions'), { id: 'dispatch-suggestions' });
  }, [isError, errorUpdatedAt]);

  return <PlaceCombobox {...field} suggestions={suggestions} loading={loading} noMatch={noMatch} />;
}
