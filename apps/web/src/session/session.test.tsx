import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sessionQuery, useSession } from './session';
import { CUSTOMER } from '../test/users';

function Who() {
  const { user, isLoading } = useSession();
  return <button type="button" aria-label={isLoading ? 'Checking' : user ? `Signed in as ${user.name}` : 'Guest'} />;
}

const page = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <Who />
  </QueryClientProvider>
);

describe('useSession', () => {
  it('hydrates as the server rendered (no session known), then shows the session the browser has', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(new QueryClient()));
    expect(container.querySelector('button')?.getAttribute('aria-label')).toBe('Checking');

    // The session arrived before this part of the page hydrated (as in a Suspense boundary hydrated later).
    const client = new QueryClient();
    client.setQueryData(sessionQuery.queryKey, { user: CUSTOMER, role: 'customer' });
    render(page(client), { container, hydrate: true });

    expect(container.querySelector('button')?.getAttribute('aria-label')).toBe('Signed in as Ada');
  });
});
