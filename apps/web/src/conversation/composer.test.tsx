import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, UPLOAD_MSG } from '@jara/shared';
import { Composer } from './composer';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function setup(sending = false) {
  const onSend = vi.fn(() => true);
  const onKeystroke = vi.fn();
  const onStopTyping = vi.fn();
  render(<Composer onSend={onSend} sending={sending} onKeystroke={onKeystroke} onStopTyping={onStopTyping} />);
  return {
    onSend,
    onKeystroke,
    onStopTyping,
    input: screen.getByPlaceholderText(MSG.chatPlaceholder),
    send: screen.getByRole('button', { name: 'Send message' }),
  };
}

const paste = (el: HTMLElement, file: File) =>
  fireEvent.paste(el, { clipboardData: { files: [file], getData: () => '' } });

describe('chat composer', () => {
  it('blocks a blank message and sends with Enter, reporting keystrokes', async () => {
    const { onSend, onKeystroke, input, send } = setup();
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('   hello', null);
    expect(onKeystroke).toHaveBeenCalled();
    expect(input).toHaveValue('');
  });

  it('blocks sending while a message is on its way', async () => {
    const { onSend, input, send } = setup(true);
    await userEvent.type(input, 'hello{Enter}');
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('attaches a pasted image with a preview and a remove button', async () => {
    const { onSend, input, send } = setup();
    paste(input, new File(['x'], 'shot.png', { type: 'image/png' }));
    expect(await screen.findByTestId('attachment-preview')).toBeInTheDocument();
    expect(send).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove attachment' }));
    expect(screen.queryByTestId('attachment-preview')).toBeNull();
    paste(input, new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('', expect.objectContaining({ name: 'clip.mp4' }));
  });

  it('refuses files that are not images or videos, and SVG', () => {
    const { input, send } = setup();
    paste(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent(UPLOAD_MSG.badType);
    expect(send).toBeDisabled();
  });
});
