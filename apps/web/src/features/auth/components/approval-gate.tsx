import { useEffect, type ReactNode } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { Role } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { sessionQuery, useSession } from '../api/session';
import { openLogin } from '../hooks/use-login-modal';

interface Application {
  status: 'pending' | 'approved' | 'rejected';
}

/**
 * A portal that people apply for (/seller, /rider): asks guests to log in, waits for the
 * application, shows `approved` once an admin approved it and `apply` otherwise. Approval changes
 * the account's role on the server, so the session is fetched again when it does.
 */
export function ApprovalGate<T extends Application>({
  title, heading, loginMessage, role, application, approved, apply,
}: {
  title: string;
  heading: string;
  loginMessage: string;
  role: Role;
  application: UseQueryResult<T | null>;
  approved: (application: T) => ReactNode;
  apply: (application: T | null) => ReactNode;
}) {
  const { user, isLoading } = useSession();
  const qc = useQueryClient();
  const isApproved = application.data?.status === 'approved';
  useEffect(() => {
    if (isApproved && user && user.role !== role) void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [isApproved, user, role, qc]);

  if (isLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title={title}>
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        <EmptyState message={loginMessage}>
          <Button onClick={() => openLogin('login')}>Login</Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title={title}>
      {application.isPending ? (
        <RouteFallback />
      ) : application.isError ? (
        <EmptyState message={errorMessage(application.error)}>
          <Button onClick={() => void application.refetch()}>Try again</Button>
        </EmptyState>
      ) : isApproved ? (
        approved(application.data!)
      ) : (
        apply(application.data ?? null)
      )}
    </Page>
  );
}
