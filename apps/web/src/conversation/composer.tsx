import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@jara/shared';
import { CloseIcon, PaperclipIcon } from '../components/ui/icons';
import { SendIcon } from './chat-icons';
import { useT, type MessageId } from '../i18n';

/** The attachment's problem, checked before upload (the server checks the bytes again): UPLOAD_MSG's words. */
function fileProblem(file: File): MessageId<'conversation'> | null {
  const isImage = file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  const isVideo = file.type.startsWith('video/');
  if (!isImage && !isVideo) return 'conversation.upload.badType';
  if (isImage && file.size > IMAGE_MAX_BYTES) return 'conversation.upload.imageTooLarge';
  if (isVideo && file.size > VIDEO_MAX_BYTES) return 'conversation.upload.videoTooLarge';
  return null;
}

interface Props {
  /** Returns false when the message was not taken (blank, or still sending). */
  onSend: (text: string, file: File | null) => boolean;
  sending: boolean;
  onKeystroke: () => void;
  onStopTyping: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Text, an image or video (picked or pasted, with a preview and a remove button), and send. */
export function Composer({ onSend, sending, onKeystroke, onStopTyping, disabled, autoFocus }: Props) {
  const t = useT('conversation');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<MessageId<'conversation'> | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (autoFocus) textRef.current?.focus();
  }, [autoFocus]);

  const attach = (f: File | null | undefined) => {
    if (!f) return;
    const p = fileProblem(f);
    setProblem(p);
    if (!p) setFile(f);
  };

  const blank = !text.trim() && !file;
  const tooLong = text.trim().length > CHAT_MESSAGE_MAX;
  const canSend = !blank && !sending && !tooLong && !disabled;

  const submit = () => {
    if (!canSend) return;
    if (onSend(text, file)) {
      onStopTyping();
      setText('');
      setFile(null);
      setProblem(null);
      if (fileInput.current) fileInput.current.value = '';
      textRef.current?.focus();
    }
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const handlePaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...e.clipboardData.files].find((f) => f.type.startsWith('image/') || f.type.startsWith('video/'));
    if (pasted) {
      e.preventDefault();
      attach(pasted);
    }
  };

  const shownProblem = problem ? t(problem) : tooLong ? t('conversation.tooLong', { max: CHAT_MESSAGE_MAX }) : null;

  return (
    <div className="border-t border-stone-200 bg-white p-2">
      {file && preview && (
        <div className="mb-2 flex items-center gap-2 rounded-xl bg-stone-100 p-2" data-testid="attachment-preview">
          {file.type.startsWith('video/') ? (
            <video
              src={preview}
              muted
              className="size-14 rounded-lg object-cover"
              aria-label={t('conversation.videoToSend')}
            />
          ) : (
            <img src={preview} alt={t('conversation.imageToSend')} className="size-14 rounded-lg object-cover" />
          )}
          <span className="min-w-0 flex-1 truncate text-xs text-stone-700">
            {file.name ||
              (file.type.startsWith('video/') ? t('conversation.pastedVideo') : t('conversation.pastedImage'))}
          </span>
          <button
            type="button"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
            aria-label={t('conversation.removeAttachment')}
            className="grid size-8 place-items-center rounded-full text-stone-700 hover:bg-stone-200"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
      {shownProblem && (
        <p id={errorId} role="alert" className="mb-1.5 px-1 text-xs text-red-700">
          {shownProblem}
        </p>
      )}
      <form
        className="flex items-end gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => attach(e.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('conversation.attach')}
          disabled={disabled}
          className="grid size-10 shrink-0 place-items-center rounded-full text-stone-700 hover:bg-stone-100 disabled:opacity-50"
        >
          <PaperclipIcon size={20} />
        </button>
        <textarea
          ref={textRef}
          rows={1}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            onKeystroke();
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          onBlur={onStopTyping}
          placeholder={t('msg.chatPlaceholder')}
          aria-label={t('conversation.message')}
          aria-invalid={!!shownProblem || undefined}
          aria-describedby={shownProblem ? errorId : undefined}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border border-stone-300 bg-stone-50 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('conversation.send')}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-800 text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-300"
        >
          <SendIcon size={18} />
        </button>
      </form>
    </div>
  );
}
