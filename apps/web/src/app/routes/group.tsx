import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { productsQuery } from '../../features/catalogue';
import { GroupPage as GroupOrderPage, JoinGroupPage as JoinPage } from '../../features/groups';

/** /group/:id: a group order, with the catalogue its members add from. */
export function GroupPage() {
  const { id = '' } = useParams();
  const products = useQuery(productsQuery);
  return <GroupOrderPage id={id} products={products.data ?? []} productsPending={products.isPending} />;
}

/** /group/join/:token: the page a group order's shared link opens. */
export function JoinGroupPage() {
  const { token = '' } = useParams();
  return <JoinPage token={token} />;
}
