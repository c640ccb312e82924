import { shownOptionName, type GroupDto } from '@jara/shared';
import { QuantitySelect } from '../../../components/ui/quantity-select';
import { TrashIcon } from '../../../components/ui/icons';
import { formatPrice } from '../../../lib/money';
import { useT } from '../../../i18n';

type Member = GroupDto['members'][number];

const STATE_STYLE: Record<Member['state'], string> = {
  joined: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  dropped: 'bg-stone-200 text-stone-700',
};

/**
 * A member of the group: their lines, their share (fixed once the group closed, "so far" before),
 * and whether they paid. The caller's own lines can be changed while the group is open.
 */
export function MemberCard({
  member,
  groupState,
  sharesFixed,
  onQuantity,
  busy,
}: {
  member: Member;
  groupState: GroupDto['state'];
  sharesFixed: boolean;
  /** Set one of the caller's lines (0 removes it); absent: not changeable. */
  onQuantity?: (itemId: string, quantity: number) => void;
  busy: boolean;
}) {
  const t = useT('groups');
  const who = member.isYou ? t('groups.member.you', { name: member.name }) : member.name;
  const state =
    member.state === 'paid'
      ? t('groups.member.paid')
      : member.state === 'dropped'
        ? t('groups.member.dropped')
        : groupState === 'paying' && member.share
          ? t('groups.member.unpaid')
          : null;
  return (
    <li className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]" data-member={member.name}>
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-stone-900">{who}</p>
        {member.isHost && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
            {t('groups.member.host')}
          </span>
        )}
        {state && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[member.state]}`}>{state}</span>
        )}
      </div>
      {member.items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t('groups.member.nothing')}</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={t('groups.member.lines', { name: member.name })}>
          {member.items.map((i) => (
            <li key={i._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="min-w-0 flex-1 text-stone-800">
                {t('groups.member.line', { quantity: i.quantity, name: i.name })}
                {shownOptionName(i.optionName) && (
                  <span className="text-stone-600"> · {shownOptionName(i.optionName)}</span>
                )}
              </span>
              {onQuantity ? (
                <>
                  <QuantitySelect
                    label={t('groups.member.quantityOf', { name: i.name })}
                    hideLabel
                    value={i.quantity}
                    disabled={busy}
                    onChange={(q) => onQuantity(i._id, q)}
                  />
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onQuantity(i._id, 0)}
                    aria-label={t('groups.member.remove', { name: i.name })}
                    className="grid size-9 place-items-center rounded-full text-red-700 hover:bg-red-50"
                  >
                    <TrashIcon size={16} />
                  </button>
                </>
              ) : null}
              <span className="font-semibold text-brand-900">{formatPrice(i.unitPrice * i.quantity)}</span>
            </li>
          ))}
        </ul>
      )}
      {member.share && (
        <p className="mt-3 text-sm text-stone-700" data-testid="share">
          {t(sharesFixed ? 'groups.member.share' : 'groups.member.shareSoFar', {
            items: formatPrice(member.share.items),
            delivery: formatPrice(member.share.delivery),
            service: formatPrice(member.share.service),
            total: formatPrice(member.share.total),
          })}
        </p>
      )}
    </li>
  );
}
