import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GROUP_CUT_OFF_CHOICES, GROUP_MAX_VENDORS, type Address } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { t as translate, useT } from '../../../i18n';
import { createGroup } from '../api/group-actions';
import { useMyGroups } from '../api/get-my-groups';

/** A cart line as the cart page has it. */
interface Line {
  product: { _id: string; vendorId: string };
  optionId: string;
  qty: number;
}

const selectClass = 'mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900';

/**
 * On the cart: order with roommates. Opens a group order for one of the student's addresses and
 * the cart's shops, with the cart as the host's own first lines, then goes to the group's page to
 * share its link. The student's group orders still going are listed to open again.
 */
export function StartGroupCard({ lines, addresses }: { lines: Line[]; addresses: Address[] }) {
  const t = useT('groups');
  const navigate = useNavigate();
  const id = useId();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number>(30);
  const [busy, setBusy] = useState(false);
  const groups = useMyGroups(true);
  const going = (groups.data ?? []).filter((g) => g.state === 'open' || g.state === 'paying');
  const vendorIds = [...new Set(lines.map((l) => l.product.vendorId))];
  const chosen = addressId ?? addresses[0]?._id ?? null;

  const start = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const groupId = await createGroup({
        address: chosen,
        vendorIds,
        cutOffMinutes: minutes,
        items: lines.map((l) => ({ product: l.product._id, optionId: l.optionId, quantity: l.qty })),
      });
      await navigate(`/group/${groupId}`);
    } catch (err) {
      toast.error(translate('groups', 'groups.start.failed') + errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-[var(--radius-card)] bg-brand-50 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        {t('groups.start.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('groups.start.intro')}</p>
      {going.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label={t('groups.start.going')}>
          {going.map((g) => (
            <li key={g._id}>
              <Link to={`/group/${g._id}`} className="font-semibold text-brand-800 underline">
                {t('groups.start.open', { host: g.hostName, shops: g.vendors.join(', ') })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {vendorIds.length > GROUP_MAX_VENDORS ? (
        <p className="mt-3 text-sm font-semibold text-amber-800">
          {t('groups.start.tooManyShops', { max: GROUP_MAX_VENDORS })}
        </p>
      ) : addresses.length === 0 ? (
        <p className="mt-3 text-sm">{t('groups.start.noAddress')}</p>
      ) : (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-stone-800">{t('groups.start.address')}</legend>
            <div className="mt-1 space-y-1">
              {addresses.map((a) => (
                <label key={a._id} className="flex items-start gap-2 text-sm text-stone-900">
                  <input
                    type="radio"
                    name={`${id}-address`}
                    className="mt-1"
                    checked={chosen === a._id}
                    onChange={() => setAddressId(a._id)}
                  />
                  <span className="min-w-0 break-words">
                    {a.room
                      ? t('groups.start.addressRoom', { place: a.placeName ?? a.address, room: a.room })
                      : (a.placeName ?? a.address)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block text-sm font-medium text-stone-800">
            {t('groups.start.cutOff')}
            <select className={selectClass} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {GROUP_CUT_OFF_CHOICES.map((m) => (
                <option key={m} value={m}>
                  {t('groups.start.minutes', { minutes: m })}
                </option>
              ))}
            </select>
          </label>
          <div className="sm:col-span-2">
            <Button onClick={() => void start()} disabled={busy || !chosen || lines.length === 0}>
              {busy ? t('groups.start.starting') : t('groups.start.button')}
            </Button>
          </div>
        </div>
      )}
      {groups.isError && <p className="mt-2 text-sm text-red-700">{errorMessage(groups.error)}</p>}
    </section>
  );
}
