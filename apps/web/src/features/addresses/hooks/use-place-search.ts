import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ADDRESS_SUGGESTIONS, uniqueByName, type Suggestion } from '@jara/shared';
import { t as translate } from '../../../i18n';
import { searchPlaces } from '../api/search-places';

const DEBOUNCE_MS = 250;

/** Suggestions for `text`, debounced; stale answers are dropped; failures toast the spec message. */
export function usePlaceSearch(text: string, active: boolean) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [loading, setLoading] = useState(false);
  // The text the current suggestions answer (so "no match" is never shown for an older query).
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    const q = text.trim();
    if (!active || q.length < 2) {
      setSuggestions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      searchPlaces(q, ctrl.signal)
        .then((list) => {
          setSuggestions(uniqueByName(list).slice(0, ADDRESS_SUGGESTIONS));
          setAnswered(q);
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          setSuggestions([]);
          toast.error(translate('addresses', 'msg.failedSuggestions'));
        })
        .finally(() => {
          if (!ctrl.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [text, active]);
  const noMatch = active && !loading && answered === text.trim() && suggestions.length === 0;
  return { suggestions, loading, noMatch };
}
