import { describe, expect, it } from 'vitest';
import { ChatSendFields, CHAT_MESSAGE_MAX, splitLinks } from './chat.js';

describe('chat text rules', () => {
  it('turns only http and https addresses into links', () => {
    const parts = splitLinks('See https://jara.ng/faq, or javascript:alert(1) and http://x.co/a?b=1.');
    expect(parts.filter((p) => p.href).map((p) => p.href)).toEqual(['https://jara.ng/faq', 'http://x.co/a?b=1']);
    expect(parts.map((p) => p.text).join('')).toBe(
      'See https://jara.ng/faq, or javascript:alert(1) and http://x.co/a?b=1.',
    );
    expect(splitLinks('javascript:alert(1)').every((p) => !p.href)).toBe(true);
  });

  it('trims the message and refuses one over the limit', () => {
    expect(ChatSendFields.parse({ message: '  hi  ' }).message).toBe('hi');
    expect(ChatSendFields.safeParse({ message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }).success).toBe(false);
  });

  it('reads a missing chat id as a form sends it (empty, "null", "undefined") as none', () => {
    for (const chatId of [undefined, '', ' ', 'null', 'undefined'])
      expect(ChatSendFields.parse({ message: 'hi', chatId }).chatId).toBeUndefined();
    const id = '0b6f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f';
    expect(ChatSendFields.parse({ message: 'hi', chatId: ` ${id} ` }).chatId).toBe(id);
    expect(ChatSendFields.parse({ message: 'hi', chatId: 'nullish' }).chatId).toBe('nullish');
  });
});
