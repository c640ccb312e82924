import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ChatMediaType } from '@jara/shared';
import { CloseIcon } from '../components/ui/icons';
import { useT } from '../i18n';

/** A photo or video full screen; Escape or the close button returns focus where it was. */
export function MediaOverlay({ src, type, onClose }: { src: string; type: ChatMediaType; onClose: () => void }) {
  const t = useT('conversation');
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      previous?.focus?.();
    };
  }, [onClose]);
  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a tap on the backdrop closes; Escape and the close button do from the keyboard
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t(type === 'video' ? 'conversation.video' : 'conversation.photo')}
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/90 p-4"
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        aria-label={t('conversation.closeMedia')}
        className="on-dark absolute right-4 top-4 grid size-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
      >
        <CloseIcon size={22} />
      </button>
      {type === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a video someone sent in the chat comes without captions
        <video src={src} controls autoPlay playsInline className="max-h-full max-w-full rounded-lg" />
      ) : (
        <img
          src={src}
          alt={t('conversation.sharedPhoto')}
          className="max-h-full max-w-full rounded-lg object-contain"
        />
      )}
    </div>,
    document.body,
  );
}
