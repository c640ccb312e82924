import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/ui/icons';

export interface ChatPanelProps {
  onClose: () => void;
}

/**
 * Mount point for the Customer Support chat panel (chat issue). This placeholder keeps the
 * contract: a panel 75% of the viewport high and 360 px wide on desktop, with a close button.
 */
export default function ChatPanel({ onClose }: ChatPanelProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <section
      role="dialog"
      aria-labelledby="chat-title"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="fixed inset-x-0 bottom-0 z-40 flex h-[75dvh] flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl sm:inset-x-auto sm:bottom-24 sm:right-6 sm:w-[360px] sm:rounded-3xl"
    >
      <header className="on-dark flex items-center justify-between bg-brand-900 px-5 py-4 text-white">
        <h2 id="chat-title" className="text-base font-semibold text-white">Customer Support</h2>
        <button ref={closeRef} type="button" onClick={onClose} aria-label="Close chat" className="grid size-9 place-items-center rounded-full hover:bg-white/10">
          <CloseIcon size={18} />
        </button>
      </header>
      <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-stone-600">
        Chat is coming soon. Meanwhile, reach us through the contact form.
      </div>
    </section>
  );
}
