import { useState } from 'react';
import toast from 'react-hot-toast';
import { ROLES, type Role } from '@jara/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../session/session';
import { useChangeRole } from '../api/change-role';
import { useUsers } from '../api/get-users';
import { useLowRated } from '../api/get-low-rated';
import { Card } from '../../../components/ui/card';

export function UsersPanel() {
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const { data, isPending, isError, error } = useUsers(q.trim(), role);
  const change = useChangeRole();
  const { user: me } = useSession();
  const low = useLowRated();
  const handleRole = async (userId: string, name: string, role: Role, grant: boolean) => {
    if (!window.confirm(grant ? `Give ${name} the ${role} role?` : `Withdraw the ${role} role from ${name}?`)) return;
    try {
      await change.mutateAsync({ userId, role, grant });
      toast.success(grant ? `${name} is now also ${role}` : `${name} is no longer ${role}`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      {low.data && low.data.length > 0 && (
        <Card className="border-l-4 border-amber-400">
          <h2 className="font-semibold">Riders rated under 4.0</h2>
          <ul className="mt-1 text-sm">
            {low.data.map((r) => (
              <li key={r._id}>
                {r.name} ({r.email}): {r.average.toFixed(1)} ★ from {r.count}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <div className="flex flex-wrap gap-3">
        <label className="min-w-48 flex-1">
          <span className="sr-only">Search users</span>
          <input
            type="search"
            className={inputClass}
            placeholder="Search by name or email"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label>
          <span className="sr-only">Role</span>
          <select className={inputClass} value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r.charAt(0).toUpperCase() + r.slice(1)}
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
        <EmptyState message="No users match." />
      ) : (
        <div className="overflow-x-auto rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
          {/* On a phone each user is a block of lines: three columns would not fit 360 px. */}
          <table className="w-full text-sm max-sm:block">
            <thead className="max-sm:sr-only">
              <tr className="text-left text-stone-600">
                <th className="p-3 font-medium">Name</th>
                <th className="p-3 font-medium">Email</th>
                <th className="p-3 font-medium">Roles</th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {data.map((u) => (
                <tr key={u._id} className="border-t border-stone-100 max-sm:grid max-sm:gap-1 max-sm:p-3">
                  <td className="p-3 font-medium max-sm:p-0">{u.name}</td>
                  <td className="p-3 [overflow-wrap:anywhere] max-sm:p-0">{u.email}</td>
                  <td className="p-3 capitalize max-sm:p-0">
                    {u._id === me?._id ? (
                      <span title="You cannot change your own roles">{u.roles.join(', ')} (you)</span>
                    ) : (
                      <fieldset className="flex flex-wrap gap-x-3 gap-y-1">
                        <legend className="sr-only">Roles of {u.name}</legend>
                        {ROLES.map((r) => (
                          <label key={r} className="inline-flex min-h-8 items-center gap-1.5">
                            <input
                              type="checkbox"
                              className="size-4 accent-brand-700"
                              checked={u.roles.includes(r)}
                              disabled={change.isPending}
                              aria-label={`${r} role of ${u.name}`}
                              onChange={(e) => void handleRole(u._id, u.name, r, e.target.checked)}
                            />
                            {r}
                          </label>
                        ))}
                      </fieldset>
                    )}
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
