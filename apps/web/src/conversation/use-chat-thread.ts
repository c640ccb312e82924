import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, type ChatMessageDto } from '@jara/shared';
import { errorMessage } from '../lib/api-client';
import { isLocal, mergeMessages, type ThreadMessage } from './chat-format';
import { chatSocket, joinChat, leaveChat } from './chat-socket';
import { t } from '../i18n';

export interface ThreadSource {
  /** The conversation, or null for a customer who has not written yet. */
  chatId: string | null;
  self: { id: string; name: string };
  loadLatest: () => Promise<{ chatId: string | null; messages: ChatMessageDto[]; hasMore: boolean }>;
  loadOlder: (chatId: string, before: string) => Promise<{ messages: ChatMessageDto[]; hasMore: boolean }>;
  send: (args: { chatId: string | null; message: string; file: File | null }) => Promise<ChatMessageDto>;
  /** The first message made the conversation. */
  onChatCreated?: (chatId: string) => void;
  /** Called when messages from others were shown. */
  onSeen?: (chatId: string) => void;
}

let localCounter = 0;
const localId = () => `local-${Date.now().toString(36)}-${(localCounter++).toString(36)}`;
const TYPING_SAFETY_MS = 6000;

/**
 * One conversation as the user sees it (SPEC §4): loaded, kept live over the socket,
 * re-fetched after a reconnection, paged backwards, and sent to optimistically.
 */
export function useChatThread(source: ThreadSource) {
  const src = useRef(source);
  src.current = source;
  const selfId = source.self.id;
  const [chatId, setChatId] = useState<string | null>(source.chatId);
  const chatIdRef = useRef(chatId);
  chatIdRef.current = chatId;
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [typers, setTypers] = useState<Record<string, string>>({});
  const typerTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const loadedOnce = useRef(false);

  const dropTyper = useCallback((userId: string) => {
    clearTimeout(typerTimers.current.get(userId));
    typerTimers.current.delete(userId);
    setTypers((t) => {
      if (!(userId in t)) return t;
      const next = { ...t };
      delete next[userId];
      return next;
    });
  }, []);

  /** The latest page, merged into what is shown (first load, and after every reconnection). */
  const refresh = useCallback(async () => {
    try {
      const page = await src.current.loadLatest();
      if (page.chatId && !chatIdRef.current) setChatId(page.chatId);
      setMessages((prev) => mergeMessages(prev, page.messages));
      if (!loadedOnce.current) setHasMore(page.hasMore);
      loadedOnce.current = true;
      setStatus('ready');
      if (page.chatId && page.messages.some((m) => m.senderId !== selfId)) src.current.onSeen?.(page.chatId);
    } catch (err) {
      console.error(MSG.failedMessages, err);
      setStatus((s) => (s === 'ready' ? s : 'error'));
    }
  }, [selfId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Live events. The room is joined whenever the socket (re)connects; a reconnection also
  // fetches what was missed while the connection was down.
  useEffect(() => {
    const socket = chatSocket();
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (chatIdRef.current) void joinChat(chatIdRef.current, selfId);
      if (connectedBefore) void refresh();
      connectedBefore = true;
    };
    const onDisconnect = () => {
      connectedBefore = true;
    };
    const onReceive = (m: ChatMessageDto) => {
      if (m.chatId !== chatIdRef.current || m.senderId === selfId) return;
      dropTyper(m.senderId);
      setMessages((prev) => mergeMessages(prev, [m]));
      src.current.onSeen?.(m.chatId);
    };
    const onTyping = (userId: string, name: string, forChat?: string) => {
      if (userId === selfId || (forChat && forChat !== chatIdRef.current)) return;
      setTypers((t) => (t[userId] === name ? t : { ...t, [userId]: name }));
      clearTimeout(typerTimers.current.get(userId));
      // A lost stop-typing must not leave the indicator on forever.
      typerTimers.current.set(
        userId,
        setTimeout(() => dropTyper(userId), TYPING_SAFETY_MS),
      );
    };
    const onStopTyping = (userId: string, forChat?: string) => {
      if (forChat && forChat !== chatIdRef.current) return;
      dropTyper(userId);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('receive-message', onReceive);
    socket.on('typing', onTyping);
    socket.on('stop-typing', onStopTyping);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('receive-message', onReceive);
      socket.off('typing', onTyping);
      socket.off('stop-typing', onStopTyping);
    };
  }, [selfId, refresh, dropTyper]);

  // Join the room as soon as the conversation is known (at once, or after the first message).
  useEffect(() => {
    if (!chatId) return;
    const socket = chatSocket();
    if (socket.connected) void joinChat(chatId, selfId);
    return () => leaveChat(chatId);
  }, [chatId, selfId]);

  useEffect(() => {
    const timers = typerTimers.current;
    return () => timers.forEach((t) => clearTimeout(t));
  }, []);

  const loadOlder = useCallback(async () => {
    const id = chatIdRef.current;
    if (!id || !hasMore || loadingOlder) return;
    const oldest = messages.find((m) => !isLocal(m));
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await src.current.loadOlder(id, oldest._id);
      setMessages((prev) => mergeMessages(prev, page.messages));
      setHasMore(page.hasMore);
    } catch (err) {
      console.error(MSG.failedMessages, err);
    } finally {
      setLoadingOlder(false);
    }
  }, [hasMore, loadingOlder, messages]);

  const deliver = useCallback(async (local: ThreadMessage) => {
    sendingRef.current = true;
    setSending(true);
    try {
      const saved = await src.current.send({
        chatId: chatIdRef.current,
        message: local.message,
        file: local.file ?? null,
      });
      if (!chatIdRef.current) {
        chatIdRef.current = saved.chatId;
        setChatId(saved.chatId);
        src.current.onChatCreated?.(saved.chatId);
      }
      if (local.media?.startsWith('blob:')) URL.revokeObjectURL(local.media);
      setMessages((prev) =>
        mergeMessages(
          prev.filter((m) => m._id !== local._id),
          [saved],
        ),
      );
      // SPEC §7: the client also emits send-message; the server relays only its saved copy.
      chatSocket().emit('send-message', saved.chatId, { _id: saved._id });
    } catch (err) {
      // SPEC §4: a failed message stays unsent (and can be retried); the error is logged.
      console.error(MSG.failedSendMessage, err);
      setMessages((prev) =>
        prev.map((m) =>
          m._id === local._id ? { ...m, error: errorMessage(err, t('conversation', 'msg.failedSendMessage')) } : m,
        ),
      );
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }, []);

  /** Shows the message at once (sent=false) and replaces it with the server's on success. */
  const send = useCallback(
    (text: string, file: File | null): boolean => {
      const message = text.trim();
      if ((!message && !file) || sendingRef.current) return false;
      const local: ThreadMessage = {
        _id: localId(),
        chatId: chatIdRef.current ?? '',
        senderId: src.current.self.id,
        senderName: src.current.self.name,
        message,
        media: file ? URL.createObjectURL(file) : null,
        mediaType: file ? (file.type.startsWith('video/') ? 'video' : 'image') : null,
        timestamp: new Date().toISOString(),
        sent: false,
        file,
      };
      setMessages((prev) => [...prev, local]);
      void deliver(local);
      return true;
    },
    [deliver],
  );

  const retry = useCallback(
    (id: string) => {
      if (sendingRef.current) return;
      const failed = messages.find((m) => m._id === id && m.error);
      if (!failed) return;
      const again = { ...failed, error: undefined, timestamp: new Date().toISOString() };
      setMessages((prev) => [...prev.filter((m) => m._id !== id), again]);
      void deliver(again);
    },
    [messages, deliver],
  );

  const discard = useCallback((id: string) => {
    setMessages((prev) => prev.filter((m) => m._id !== id || !m.error));
  }, []);

  return {
    chatId,
    messages,
    status,
    hasMore,
    loadingOlder,
    sending,
    typers: Object.values(typers),
    refresh,
    loadOlder,
    send,
    retry,
    discard,
  };
}

export type ChatThreadState = ReturnType<typeof useChatThread>;
