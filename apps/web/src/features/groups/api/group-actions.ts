import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateGroupInput,
  GroupItemInput,
  GroupItemQuantity,
  GroupPayAnswer,
  JoinGroupInput,
  OkAnswer,
  RequestBody,
} from '@jara/shared';
import { api } from '../../../lib/api-client';

type GroupIdAnswer = { groupId: string };

/** `POST /api/group`: opens a group; its id. */
export const createGroup = async (body: RequestBody<typeof CreateGroupInput>) =>
  (await api.post<GroupIdAnswer, typeof CreateGroupInput>('/api/group', body)).groupId;

/** `POST /api/group/join`: joins by the link's token; the group's id. */
export const joinGroup = async (token: string) =>
  (await api.post<GroupIdAnswer, typeof JoinGroupInput>('/api/group/join', { token })).groupId;

/** `POST /api/group/:id/pay`: where to pay the caller's share. */
export const payShare = (id: string) => api.post<GroupPayAnswer>(`/api/group/${id}/pay`);

type GroupAction =
  | { kind: 'add'; item: RequestBody<typeof GroupItemInput> }
  | { kind: 'set'; itemId: string; quantity: number }
  | { kind: 'close' | 'place' | 'cancel' };

function send(id: string, a: GroupAction): Promise<OkAnswer> {
  switch (a.kind) {
    case 'add':
      return api.post<OkAnswer, typeof GroupItemInput>(`/api/group/${id}/items`, a.item);
    case 'set':
      return api.put<OkAnswer, typeof GroupItemQuantity>(`/api/group/${id}/items/${a.itemId}`, {
        quantity: a.quantity,
      });
    default:
      return api.post<OkAnswer>(`/api/group/${id}/${a.kind}`);
  }
}

/** A change to the group (a line added or set, the host closing, placing or cancelling); the group is read again after. */
export function useGroupAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: GroupAction) => send(id, a),
    onSettled: () => qc.invalidateQueries({ queryKey: ['groups', id] }),
  });
}
