import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MSG } from '@jara/shared';
import { i18n } from '../i18n';
import { loadAreas } from '../i18n/i18n';
import { ChatThread } from './chat-thread';
import type { ChatThreadState } from './use-chat-thread';

/** A loaded conversation of one message from support, written just now, while `typers` type. */
function thread(typers: string[]): ChatThreadState {
  return {
    chatId: 'c1',
    messages: [
      {
        _id: 'm1',
        chatId: 'c1',
        senderId: 'agent',
        senderName: 'Tolu',
        message: 'How can we help?',
        media: null,
        mediaType: null,
        timestamp: new Date().toISOString(),
        sent: true,
      },
    ],
    status: 'ready',
    hasMore: false,
    loadingOlder: false,
    sending: false,
    typers,
    refresh: vi.fn(),
    loadOlder: vi.fn(),
    send: vi.fn(() => true),
    retry: vi.fn(),
    discard: vi.fn(),
  };
}

const self = { id: 'u1', name: 'Ada' };

describe('ChatThread in both languages', () => {
  afterEach(() => i18n.activate('en'));

  it('says who is typing in the words of the spec, and names the day', () => {
    const { rerender } = render(<ChatThread thread={thread(['Tolu'])} self={self} />);
    expect(screen.getByText('Tolu is typing...')).toBeInTheDocument();
    rerender(<ChatThread thread={thread(['Tolu', 'Bola', 'Emeka'])} self={self} />);
    expect(screen.getByText('Tolu, Bola and Emeka are typing...')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(MSG.chatPlaceholder)).toBeInTheDocument();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['conversation', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    render(<ChatThread thread={thread(['Tolu', 'Bola'])} self={self} />);
    expect(screen.getByText('Tolu and Bola dey type...')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages' })).toHaveTextContent('How can we help?');
    expect(screen.getByRole('button', { name: 'Send am' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveAttribute(
      'placeholder',
      i18n._('msg.chatPlaceholder'),
    );
    expect(screen.getByRole('button', { name: 'Attach picture or video' })).toBeInTheDocument();
  });
});
