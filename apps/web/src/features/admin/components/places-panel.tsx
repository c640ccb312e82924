import { useId, useState, type FormEvent } from 'react';
import { ADMIN_PLACES_PAGE, PLACE_KINDS, PlaceInput, type AdminPlaceDto, type PlaceKind } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorList, TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { CampusMap, type MapPoint } from '../../../map';
import { SelectField } from './select-field';
import { useT, type MessageId } from '../../../i18n';
import { useAdminPlaces, useSavePlace, useSetPlaceHidden } from '../api/places';

type Show = 'all' | 'visible' | 'hidden';
const SHOWS: { value: Show; label: MessageId<'admin'> }[] = [
  { value: 'all', label: 'admin.places.showAll' },
  { value: 'visible', label: 'admin.places.showVisible' },
  { value: 'hidden', label: 'admin.places.showHidden' },
];

/** Each kind's name, as the catalogue has it. */
const KIND_NAMES: Record<PlaceKind, MessageId<'admin'>> = {
  hall: 'admin.places.kinds.hall',
  hostel: 'admin.places.kinds.hostel',
  faculty: 'admin.places.kinds.faculty',
  gate: 'admin.places.kinds.gate',
  landmark: 'admin.places.kinds.landmark',
  street: 'admin.places.kinds.street',
  market: 'admin.places.kinds.market',
  church: 'admin.places.kinds.church',
  mosque: 'admin.places.kinds.mosque',
  bank: 'admin.places.kinds.bank',
  school: 'admin.places.kinds.school',
  hospital: 'admin.places.kinds.hospital',
  hotel: 'admin.places.kinds.hotel',
  fuel: 'admin.places.kinds.fuel',
  estate: 'admin.places.kinds.estate',
  place: 'admin.places.kinds.place',
};

/** The campus centre, where a new place's pin starts (the admin drags it to the spot). */
const CAMPUS: MapPoint = { latitude: 6.3998, longitude: 5.6099 };

interface Draft {
  placeId?: string;
  displayName: string;
  street: string;
  kind: PlaceKind;
  lat: string;
  lon: string;
  /** One block a line, as the admin types them. */
  blocks: string;
}

/** A stored kind this list does not name (an import's) shows as "Other place". */
const kindOf = (kind: string): PlaceKind =>
  (PLACE_KINDS as readonly string[]).includes(kind) ? (kind as PlaceKind) : 'place';

const draftOf = (p: AdminPlaceDto): Draft => ({
  placeId: p.placeId,
  displayName: p.displayName,
  street: p.street,
  kind: kindOf(p.kind),
  lat: String(p.lat),
  lon: String(p.lon),
  blocks: p.blocks.join('\n'),
});
const EMPTY: Draft = {
  displayName: '',
  street: '',
  kind: 'hall',
  lat: String(CAMPUS.latitude),
  lon: String(CAMPUS.longitude),
  blocks: '',
};

/** Six decimals: about 10 cm, finer than any pin. */
const coord = (n: number) => String(Math.round(n * 1e6) / 1e6);

function PlaceEditor({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const t = useT('admin');
  const [d, setD] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePlace();
  const ids = useId();
  const lat = Number(d.lat);
  const lon = Number(d.lon);
  const onMap = d.lat.trim() !== '' && d.lon.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lon);
  const [focus] = useState<MapPoint>(() => (onMap ? { latitude: lat, longitude: lon } : CAMPUS));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = PlaceInput.safeParse({
      displayName: d.displayName,
      street: d.street,
      kind: d.kind,
      lat: d.lat.trim() === '' ? Number.NaN : lat,
      lon: d.lon.trim() === '' ? Number.NaN : lon,
      blocks: d.blocks
        .split('\n')
        .map((b) => b.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'displayName');
        const message = field === 'lat' || field === 'lon' ? t('admin.places.badCoordinate') : issue.message;
        (found[field] ??= []).push(message);
      }
      setErrors(found);
      setProblem(t('admin.places.fix'));
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      await save.mutateAsync({ id: d.placeId, body: parsed.data });
      toast.success(t('admin.places.saved'));
      onDone();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t('admin.places.form')}>
      <TextField
        label={t('admin.places.name')}
        value={d.displayName}
        onChange={(e) => setD({ ...d, displayName: e.target.value })}
        errors={errors.displayName}
        required
        maxLength={160}
      />
      <TextField
        label={t('admin.places.street')}
        value={d.street}
        onChange={(e) => setD({ ...d, street: e.target.value })}
        errors={errors.street}
        maxLength={120}
      />
      <SelectField
        label={t('admin.places.kind')}
        value={d.kind}
        onChange={(e) => setD({ ...d, kind: e.target.value as PlaceKind })}
      >
        {PLACE_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(KIND_NAMES[k])}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('admin.places.lat')}
          inputMode="decimal"
          value={d.lat}
          onChange={(e) => setD({ ...d, lat: e.target.value })}
          errors={errors.lat}
        />
        <TextField
          label={t('admin.places.lon')}
          inputMode="decimal"
          value={d.lon}
          onChange={(e) => setD({ ...d, lon: e.target.value })}
          errors={errors.lon}
        />
      </div>
      <div className="sm:col-span-2">
        <p className="mb-2 text-sm text-stone-700">{t('admin.places.drag')}</p>
        <CampusMap
          label={t('admin.places.mapLabel', { place: d.displayName || t('admin.places.newPlace') })}
          height={240}
          fit={[focus]}
          markers={
            onMap
              ? [
                  {
                    id: 'place',
                    kind: 'door',
                    label: d.displayName || t('admin.places.newPlace'),
                    draggable: true,
                    onMove: (to) => setD((x) => ({ ...x, lat: coord(to.latitude), lon: coord(to.longitude) })),
                    latitude: lat,
                    longitude: lon,
                  },
                ]
              : []
          }
        />
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
        <label htmlFor={`${ids}-blocks`}>{t('admin.places.blocks')}</label>
        <p id={`${ids}-blocks-hint`} className="font-normal text-stone-600">
          {t('admin.places.blocksHint')}
        </p>
        <textarea
          id={`${ids}-blocks`}
          className="min-h-24 rounded-xl border border-stone-300 px-3 py-2"
          value={d.blocks}
          onChange={(e) => setD({ ...d, blocks: e.target.value })}
          aria-describedby={`${ids}-blocks-hint${errors.blocks ? ` ${ids}-blocks-errors` : ''}`}
          aria-invalid={errors.blocks ? true : undefined}
        />
        {errors.blocks && <ErrorList id={`${ids}-blocks-errors`} errors={errors.blocks} />}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('admin.places.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** /admin/places: the campus places (issue 33): search, add, rename, move, hide and show, blocks of halls. */
export function PlacesPanel() {
  const t = useT('admin');
  const [q, setQ] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Draft | null>(null);
  const query = useDebouncedValue(q, 250);
  const places = useAdminPlaces({ q: query, show, offset });
  const hide = useSetPlaceHidden();

  const handleHidden = (p: AdminPlaceDto) =>
    hide.mutate(
      { id: p.placeId, hidden: !p.hidden },
      {
        onSuccess: () =>
          toast.success(t(p.hidden ? 'admin.places.shownAgain' : 'admin.places.hiddenNow', { name: p.displayName })),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t('admin.places.intro')}</p>
      {editing ? (
        <Card>
          <PlaceEditor initial={editing} onDone={() => setEditing(null)} />
        </Card>
      ) : (
        <Button onClick={() => setEditing(EMPTY)}>{t('admin.places.add')}</Button>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('admin.places.search')}
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setOffset(0);
          }}
        />
        <SelectField
          label={t('admin.places.show')}
          value={show}
          onChange={(e) => {
            setShow(e.target.value as Show);
            setOffset(0);
          }}
        >
          {SHOWS.map((s) => (
            <option key={s.value} value={s.value}>
              {t(s.label)}
            </option>
          ))}
        </SelectField>
      </div>
      {places.isPending ? (
        <Skeleton className="h-48" />
      ) : places.error ? (
        <EmptyState message={errorMessage(places.error)} />
      ) : places.data.places.length === 0 ? (
        <EmptyState message={t('admin.places.none')} />
      ) : (
        <>
          <p className="text-sm text-stone-600" role="status">
            {t('admin.places.count', { count: places.data.total })}
          </p>
          <ul className="space-y-3">
            {places.data.places.map((p) => (
              <li key={p.placeId}>
                <Card className="flex flex-wrap items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold [overflow-wrap:anywhere]">
                      {p.hidden ? t('admin.places.hiddenName', { name: p.displayName }) : p.displayName}
                    </p>
                    <p className="text-sm text-stone-600">
                      {t(KIND_NAMES[kindOf(p.kind)])}
                      {' · '}
                      {p.lat.toFixed(5)}, {p.lon.toFixed(5)}
                    </p>
                    {p.blocks.length > 0 && (
                      <p className="text-sm text-stone-600">
                        {t('admin.places.blockList', { blocks: p.blocks.join(', ') })}
                      </p>
                    )}
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(draftOf(p))}
                    aria-label={t('admin.editName', { name: p.displayName })}
                  >
                    {t('admin.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={hide.isPending}
                    onClick={() => handleHidden(p)}
                    aria-label={t(p.hidden ? 'admin.places.showName' : 'admin.places.hideName', {
                      name: p.displayName,
                    })}
                  >
                    {t(p.hidden ? 'admin.places.unhide' : 'admin.places.hide')}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            {offset > 0 && (
              <Button variant="outline" onClick={() => setOffset(Math.max(0, offset - ADMIN_PLACES_PAGE))}>
                {t('admin.places.previous')}
              </Button>
            )}
            {places.data.nextOffset !== null && (
              <Button variant="outline" onClick={() => setOffset(places.data.nextOffset ?? 0)}>
                {t('admin.places.next')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
