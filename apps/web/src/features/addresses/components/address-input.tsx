import { useEffect, useState } from 'react';
import type { Suggestion } from '@jara/shared';
import { PlaceCombobox } from '../../../components/ui/place-combobox';
import { useT } from '../../../i18n';
import { usePlaceSearch } from '../hooks/use-place-search';

/**
 * The address text box with place suggestions. Typing clears the picked place; only picking a
 * suggestion gives coordinates. Searches only while the list is open, so a picked place is not
 * searched again.
 */
export function AddressInput({
  value,
  onType,
  onPick,
  onLoadingChange,
  errors = [],
  label,
}: {
  value: string;
  onType: (text: string) => void;
  onPick: (s: Suggestion) => void;
  onLoadingChange?: (loading: boolean) => void;
  errors?: readonly string[];
  label?: string;
}) {
  const t = useT('addresses');
  const [open, setOpen] = useState(false);
  const { suggestions, loading, noMatch } = usePlaceSearch(value, open);
  useEffect(() => {
    onLoadingChange?.(loading);
  }, [loading, onLoadingChange]);
  return (
    <PlaceCombobox
      label={label ?? t('addresses.field.address')}
      value={value}
      suggestions={suggestions}
      loading={loading}
      errors={errors}
      onTextChange={onType}
      onPick={onPick}
      onOpenChange={setOpen}
      noMatch={noMatch}
    />
  );
}
