import { useEffect, type ReactNode } from 'react';
import { useIsFetching, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { hasRole, type Role } from '@jara/shared';
import { Page } from '../components/ui/page';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { RouteFallback } from '../components/ui/route-fallback';
import { errorMessage } from '../lib/api-client';
import { useT } from '../i18n';
import { sessionQuery, useSession } from './session';
import { LoginPrompt } from './login-prompt';

interface Application {
  status: 'pending' | 'approved' | 'rejected';
}

/**
 * A portal that people apply for (/seller, /rider): asks guests to log in on the spot, waits for the
 * application, shows `approved` once an admin approved it and `apply` otherwise. Approval changes
 * the account's role on the server, so the session is fetched again when it does.
 */
export function ApprovalGate<T extends Application>({
  title,
  heading,
  loginMessage,
  role,
  application,
  approved,
  apply,
}: {
  title: string;
  heading: string;
  loginMessage: string;
  role: Role;
  application: UseQueryResult<T | null>;
  approved: (application: T) => ReactNode;
  apply: (application: T | null) => ReactNode;
}) {
  const t = useT('common');
  const { user, isLoading } = useSession();
  const qc = useQueryClient();
  const isApproved = application.data?.status === 'approved';
  const refreshingSession = useIsFetching({ queryKey: sessionQuery.queryKey }) > 0;
  useEffect(() => {
    if (isApproved && user && !hasRole(user, role)) void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [isApproved, user, role, qc]);

  if (isLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title={title}>
        <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
        <LoginPrompt message={loginMessage} ask />
      </Page>
    );
  }
  return (
    <Page title={title}>
      {application.isPending ? (
        <RouteFallback />
      ) : application.isError ? (
        <EmptyState message={errorMessage(application.error)}>
          <Button onClick={() => void application.refetch()}>{t('common.tryAgain')}</Button>
        </EmptyState>
      ) : isApproved && hasRole(user, role) ? (
        approved(application.data!)
      ) : isApproved ? (
        refreshingSession ? (
          <RouteFallback />
        ) : (
          <EmptyState message={t('common.accessWithdrawn', { role })} />
        )
      ) : (
        apply(application.data ?? null)
      )}
    </Page>
  );
}
