import { useState } from 'react';
import type { Suggestion } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { nearbyPlaces } from '../api/nearby-places';
import { AddressInput } from './address-input';

/**
 * "Can't find your lodge?": the typed name stays; the rider's map pin goes on the known place
 * nearest to it, chosen from the places near the phone's location or by searching a landmark.
 */
export function NearestPlacePicker({
  typedName,
  onPick,
  onClose,
}: {
  typedName: string;
  onPick: (s: Suggestion) => void;
  onClose: () => void;
}) {
  const t = useT('addresses');
  const [near, setNear] = useState<Suggestion[] | null>(null);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [landmark, setLandmark] = useState('');

  const handleLocate = () => {
    if (!('geolocation' in navigator)) {
      setProblem(t('addresses.nearest.noGeolocation'));
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        nearbyPlaces(pos.coords.latitude, pos.coords.longitude)
          .then(setNear)
          .catch((err: unknown) => setProblem(errorMessage(err)))
          .finally(() => setLocating(false));
      },
      () => {
        setLocating(false);
        setProblem(t('addresses.nearest.locationFailed'));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <section
      aria-labelledby="nearest-heading"
      className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/50 p-4"
    >
      <h3 id="nearest-heading" className="font-semibold">
        {t('addresses.nearest.heading')}
      </h3>
      <p className="text-sm text-stone-700">
        {t('addresses.nearest.explain', { name: typedName || t('addresses.nearest.yourAddress') })}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={handleLocate} disabled={locating}>
        {locating ? t('addresses.nearest.finding') : t('addresses.nearest.useLocation')}
      </Button>
      {near &&
        (near.length === 0 ? (
          <p role="status" className="text-sm text-stone-600">
            {t('addresses.nearest.noMatch')}
          </p>
        ) : (
          <ul aria-label={t('addresses.nearest.list')} className="space-y-1">
            {near.map((p) => (
              <li key={p.place_id}>
                <button
                  type="button"
                  onClick={() => onPick(p)}
                  className="w-full rounded-lg border border-stone-200 bg-white px-3 py-2 text-left text-sm hover:bg-stone-50"
                >
                  {p.display_name}
                  {p.distanceKm !== undefined && (
                    <span className="ml-1 text-stone-600">
                      ({p.distanceKm < 1 ? `${Math.round(p.distanceKm * 1000)} m` : `${p.distanceKm.toFixed(1)} km`})
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        ))}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <AddressInput
        label={t('addresses.nearest.searchLandmark')}
        value={landmark}
        onType={setLandmark}
        onPick={onPick}
      />
      <Button type="button" variant="ghost" size="sm" onClick={onClose}>
        {t('addresses.cancel')}
      </Button>
    </section>
  );
}
