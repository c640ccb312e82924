import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ChatMessageDto } from '@jara/shared';
import { useChatThread, type ThreadSource } from './use-chat-thread';

type Handler = (...args: unknown[]) => void;
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    handlers,
    connected: true,
    emitted: [] as unknown[][],
    trigger(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((h) => h(...args));
    },
  };
});

vi.mock('./chat-socket', () => {
  const socket = {
    get connected() {
      return fake.connected;
    },
    on(event: string, h: Handler) {
      if (!fake.handlers.has(event)) fake.handlers.set(event, new Set());
      fake.handlers.get(event)!.add(h);
      return socket;
    },
    off(event: string, h: Handler) {
      fake.handlers.get(event)?.delete(h);
      return socket;
    },
    emit(...args: unknown[]) {
      fake.emitted.push(args);
      return socket;
    },
  };
  return {
    chatSocket: () => socket,
    joinChat: (chatId: string) => {
      fake.emitted.push(['join-room', chatId]);
      return Promise.resolve({ ok: true });
    },
    leaveChat: vi.fn(),
  };
});

const SELF = { id: 'me', name: 'Ada' };
let n = 0;
const msg = (over: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  _id: `m${++n}`,
  chatId: 'chat-1',
  senderId: 'agent',
  senderName: 'Tolu',
  message: 'hi',
  media: null,
  mediaType: null,
  timestamp: new Date(Date.UTC(2025, 0, 1, 10, n)).toISOString(),
  sent: true,
  ...over,
});

function source(over: Partial<ThreadSource> = {}): ThreadSource {
  return {
    chatId: 'chat-1',
    self: SELF,
    loadLatest: vi.fn(async () => ({ chatId: 'chat-1', messages: [msg({ message: 'welcome' })], hasMore: false })),
    loadOlder: vi.fn(async () => ({ messages: [], hasMore: false })),
    send: vi.fn(async ({ message }) => msg({ senderId: 'me', senderName: 'Ada', message })),
    ...over,
  };
}

beforeEach(() => {
  fake.handlers.clear();
  fake.emitted.length = 0;
  fake.connected = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('useChatThread', () => {
  it('shows a message at once as unsent, then the server version as sent', async () => {
    let resolveSend!: (m: ChatMessageDto) => void;
    const src = source({ send: vi.fn(() => new Promise<ChatMessageDto>((r) => (resolveSend = r))) });
    const { result } = renderHook(() => useChatThread(src));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => void result.current.send('  Where is my order?  ', null));
    expect(result.current.messages.at(-1)).toMatchObject({ message: 'Where is my order?', sent: false });
    expect(result.current.sending).toBe(true);
    // A second send while the first is on its way is refused.
    let second = true;
    act(() => void (second = result.current.send('again', null)));
    expect(second).toBe(false);
    const saved = msg({ senderId: 'me', message: 'Where is my order?' });
    await act(async () => resolveSend(saved));
    expect(result.current.messages.at(-1)).toMatchObject({ _id: saved._id, sent: true });
    expect(result.current.messages.filter((m) => m.message === 'Where is my order?')).toHaveLength(1);
    expect(fake.emitted).toContainEqual(['send-message', 'chat-1', { _id: saved._id }]);
  });

  it('keeps a failed message unsent with the reason, and retries it', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('Too many requests.'))
      .mockImplementation(async ({ message }: { message: string }) => msg({ senderId: 'me', message }));
    const { result } = renderHook(() => useChatThread(source({ send })));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => void result.current.send('hello', null));
    await waitFor(() => expect(result.current.messages.at(-1)?.error).toBe('Too many requests.'));
    expect(result.current.messages.at(-1)?.sent).toBe(false);
    const failedId = result.current.messages.at(-1)!._id;
    await act(async () => result.current.retry(failedId));
    await waitFor(() => expect(result.current.messages.at(-1)).toMatchObject({ message: 'hello', sent: true }));
    expect(result.current.messages.some((m) => m.error)).toBe(false);
  });

  it('adds live messages from others, ignores its own id and other chats, and shows typing', async () => {
    const { result } = renderHook(() => useChatThread(source()));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => fake.trigger('typing', 'agent', 'Tolu', 'chat-1'));
    expect(result.current.typers).toEqual(['Tolu']);
    act(() => fake.trigger('receive-message', msg({ message: 'from agent' })));
    act(() => fake.trigger('receive-message', msg({ senderId: 'me', message: 'echo of mine' })));
    act(() => fake.trigger('receive-message', msg({ chatId: 'other', message: 'elsewhere' })));
    expect(result.current.messages.map((m) => m.message)).toEqual(['welcome', 'from agent']);
    expect(result.current.typers).toEqual([]);
    act(() => fake.trigger('typing', 'agent', 'Tolu', 'chat-1'));
    act(() => fake.trigger('stop-typing', 'agent', 'chat-1'));
    expect(result.current.typers).toEqual([]);
  });

  it('re-joins and fetches what was missed after a reconnection', async () => {
    const welcome = msg({ message: 'welcome' });
    const missed = msg({ message: 'sent while you were offline' });
    const loadLatest = vi
      .fn()
      .mockResolvedValueOnce({ chatId: 'chat-1', messages: [welcome], hasMore: false })
      .mockResolvedValueOnce({ chatId: 'chat-1', messages: [missed], hasMore: false });
    const { result } = renderHook(() => useChatThread(source({ loadLatest })));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    fake.emitted.length = 0;
    act(() => {
      fake.connected = false;
      fake.trigger('disconnect');
      fake.connected = true;
      fake.trigger('connect');
    });
    await waitFor(() =>
      expect(result.current.messages.map((m) => m.message)).toEqual(['welcome', 'sent while you were offline']),
    );
    expect(fake.emitted).toContainEqual(['join-room', 'chat-1']);
    expect(loadLatest).toHaveBeenCalledTimes(2);
  });

  it('creates the chat with the first message and joins its room', async () => {
    const onChatCreated = vi.fn();
    const src = source({
      chatId: null,
      loadLatest: vi.fn(async () => ({ chatId: null, messages: [], hasMore: false })),
      send: vi.fn(async ({ message }) => msg({ chatId: 'new-chat', senderId: 'me', message })),
      onChatCreated,
    });
    const { result } = renderHook(() => useChatThread(src));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => void result.current.send('first', null));
    await waitFor(() => expect(result.current.chatId).toBe('new-chat'));
    expect(onChatCreated).toHaveBeenCalledWith('new-chat');
    await waitFor(() => expect(fake.emitted).toContainEqual(['join-room', 'new-chat']));
  });
});
