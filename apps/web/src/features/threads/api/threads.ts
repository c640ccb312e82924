import { queryOptions } from '@tanstack/react-query';
import type {
  ChatMessageDto,
  OkAnswer,
  OrderThreadAnswer,
  OrderThreadDto,
  SupportThreadQuery,
  ThreadKind,
  ThreadSendAnswer,
  ThreadsAnswer,
} from '@jara/shared';
import { api } from '../../../lib/api-client';

const path = (kind: ThreadKind, id: string) => `/api/threads/${kind}/${id}`;

/** The thread of an order or dispatch: its card, its people and the latest messages (made on first open). */
export const threadQuery = (kind: ThreadKind, id: string) =>
  queryOptions({
    queryKey: ['threads', kind, id],
    queryFn: async (): Promise<OrderThreadDto> => (await api.get<OrderThreadAnswer>(path(kind, id))).thread,
    staleTime: 10_000,
  });

/** The page of messages before `before`. */
export async function getOlderThreadMessages(kind: ThreadKind, id: string, before: string) {
  const res = await api.get<OrderThreadAnswer, typeof SupportThreadQuery>(path(kind, id), { query: { before } });
  return { messages: res.thread.messages, hasMore: res.thread.hasMore };
}

/** `POST /api/threads/:kind/:id/messages` (multipart): the message as saved. */
export async function sendThreadMessage(
  kind: ThreadKind,
  id: string,
  message: string,
  file: File | null,
): Promise<ChatMessageDto> {
  const body = new FormData();
  body.set('message', message);
  if (file) body.set('attachment', file);
  return (await api.post<ThreadSendAnswer>(`${path(kind, id)}/messages`, body)).newMessage;
}

/** The customer asks support into the thread. */
export const askForHelp = (kind: ThreadKind, id: string) => api.post<OkAnswer>(`${path(kind, id)}/help`);

/** The caller's threads, latest message first. */
export const threadsQuery = queryOptions({
  queryKey: ['threads', 'mine'],
  queryFn: async () => (await api.get<ThreadsAnswer>('/api/threads')).threads,
  staleTime: 10_000,
});
