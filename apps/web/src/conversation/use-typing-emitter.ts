import { useCallback, useEffect, useRef } from 'react';
import { TYPING_STOP_MS } from '@jara/shared';
import { chatSocket } from './chat-socket';

/** SPEC §4: typing on keystroke, stop-typing after 2 s without one (or when sent / closed). */
export function useTypingEmitter(chatId: string | null, self: { id: string; name: string }) {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chatRef = useRef(chatId);
  chatRef.current = chatId;

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    if (typing.current && chatRef.current) chatSocket().emit('stop-typing', chatRef.current, self.id);
    typing.current = false;
  }, [self.id]);

  const keystroke = useCallback(() => {
    if (!chatRef.current) return;
    if (!typing.current) {
      chatSocket().emit('typing', chatRef.current, self.id, self.name);
      typing.current = true;
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(stop, TYPING_STOP_MS);
  }, [self.id, self.name, stop]);

  useEffect(() => stop, [stop, chatId]);
  return { keystroke, stop };
}
