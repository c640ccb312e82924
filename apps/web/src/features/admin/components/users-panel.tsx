import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ROLES, type AdminUserDto, type Role } from '@jara/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../session/session';
import { useChangeRole } from '../api/change-role';
import { useRevokeVerification } from '../api/revoke-verification';
import { useUsers } from '../api/get-users';
import { useLowRated } from '../api/get-low-rated';
import { Card } from '../../../components/ui/card';
import { useT, type MessageId } from '../../../i18n';

/** A role as the admin reads it (lower case, as in a sentence). */
const ROLE: Record<Role, MessageId<'admin'>> = {
  customer: 'admin.role.customer',
  vendor: 'admin.role.vendor',
  rider: 'admin.role.rider',
  support: 'admin.role.support',
  admin: 'admin.role.admin',
};

export function UsersPanel() {
  const t = useT('admin');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const { data, isPending, isError, error } = useUsers(q.trim(), role);
  const change = useChangeRole();
  const revoke = useRevokeVerification();
  const { user: me } = useSession();
  const low = useLowRated();
  const handleRole = async (userId: string, name: string, role: Role, grant: boolean) => {
    const values = { name, role: t(ROLE[role]) };
    if (!window.confirm(grant ? t('admin.users.confirmGrant', values) : t('admin.users.confirmWithdraw', values)))
      return;
    try {
      await change.mutateAsync({ userId, role, grant });
      toast.success(grant ? t('admin.users.granted', values) : t('admin.users.withdrawn', values));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const handleRevoke = async (u: AdminUserDto) => {
    if (!window.confirm(t('admin.users.confirmRevoke', { name: u.name }))) return;
    try {
      await revoke.mutateAsync(u._id);
      toast.success(t('admin.users.revoked', { name: u.name }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      {low.data && low.data.length > 0 && (
        <Card className="border-l-4 border-amber-400">
          <h2 className="font-semibold">{t('admin.users.lowRated')}</h2>
          <ul className="mt-1 text-sm">
            {low.data.map((r) => (
              <li key={r._id}>
                {t('admin.users.rating', {
                  name: r.name,
                  email: r.email,
                  average: r.average.toFixed(1),
                  count: r.count,
                })}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <div className="flex flex-wrap gap-3">
        <label className="min-w-48 flex-1">
          <span className="sr-only">{t('admin.users.search')}</span>
          <input
            type="search"
            className={inputClass}
            placeholder={t('admin.users.searchHint')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label>
          <span className="sr-only">{t('admin.users.role')}</span>
          <select className={inputClass} value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
            <option value="">{t('admin.users.allRoles')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {capitalise(t(ROLE[r]))}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPending ? (
        <Skeleton className="h-48" />
      ) : isError ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.users.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
          {/* On a phone each user is a block of lines: three columns would not fit 360 px. */}
          <table className="w-full text-sm max-sm:block">
            <thead className="max-sm:sr-only">
              <tr className="text-left text-stone-600">
                <th className="p-3 font-medium">{t('admin.users.name')}</th>
                <th className="p-3 font-medium">{t('admin.users.email')}</th>
                <th className="p-3 font-medium">{t('admin.users.roles')}</th>
                <th className="p-3 font-medium">{t('admin.users.verification')}</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {data.map((u) => (
                <tr key={u._id} className="border-t border-stone-100 max-sm:grid max-sm:gap-1 max-sm:p-3">
                  <td className="p-3 font-medium max-sm:p-0">{u.name}</td>
                  <td className="p-3 [overflow-wrap:anywhere] max-sm:p-0">{u.email}</td>
                  <td className="p-3 capitalize max-sm:p-0">
                    {u._id === me?._id ? (
                      <span title={t('admin.users.ownRoles')}>
                        {t('admin.users.you', { roles: u.roles.map((r) => t(ROLE[r])).join(', ') })}
                      </span>
                    ) : (
                      <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
                        <legend className="sr-only">{t('admin.users.rolesOf', { name: u.name })}</legend>
                        {/* Each label as wide as its word, never cut or broken ("custor", "vendo" were). */}
                        {ROLES.map((r) => (
                          <label
                            key={r}
                            className="inline-flex min-h-8 shrink-0 items-center gap-1.5 whitespace-nowrap"
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-brand-700"
                              checked={u.roles.includes(r)}
                              disabled={change.isPending}
                              aria-label={t('admin.users.roleOf', { role: t(ROLE[r]), name: u.name })}
                              onChange={(e) => void handleRole(u._id, u.name, r, e.target.checked)}
                            />
                            {t(ROLE[r])}
                          </label>
                        ))}
                      </fieldset>
                    )}
                  </td>
                  <td className="p-3 max-sm:p-0">
                    <Verification
                      user={u}
                      busy={revoke.isPending}
                      onRevoke={u._id === me?._id ? null : () => void handleRevoke(u)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** An account's verified email and phone, its student badge, and the admin's revoke. */
function Verification({ user, busy, onRevoke }: { user: AdminUserDto; busy: boolean; onRevoke: (() => void) | null }) {
  const t = useT('admin');
  const verified = user.emailVerified || user.phone !== null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className={user.emailVerified ? 'text-emerald-800' : 'text-stone-600'}>
        {user.emailVerified ? t('admin.users.emailVerified') : t('admin.users.emailUnverified')}
      </span>
      <span className={user.phone ? 'text-emerald-800' : 'text-stone-600'}>
        {user.phone ? t('admin.users.phoneVerified', { phone: user.phone }) : t('admin.users.noPhone')}
      </span>
      {user.verifiedStudent && (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          {t('admin.users.student')}
        </span>
      )}
      {verified && onRevoke && (
        <button
          type="button"
          className="min-h-8 text-sm font-semibold text-red-700 underline disabled:opacity-50"
          disabled={busy}
          aria-label={t('admin.users.revokeOf', { name: user.name })}
          onClick={onRevoke}
        >
          {t('admin.users.revoke')}
        </button>
      )}
    </div>
  );
}

/** The first letter in capitals, for a word shown on its own ('Vendor'). */
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
