import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CONTACT_PARAM_REMOVAL_MS } from '@jara/shared';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { useSession } from '../../auth';
import { ChatPanel } from '../chat-mount';
import { closeChat, openChat, useChatPanel } from '../hooks/use-chat-panel';

/**
 * The floating chat button (every page but /contact): signed in → opens the panel, guest →
 * /contact. `?contact=true` opens the panel, then the parameter is dropped after 500 ms.
 */
export function ChatLauncher() {
  const { user } = useSession();
  const { open } = useChatPanel();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wantsContact = params.get('contact') === 'true';

  useEffect(() => {
    if (!wantsContact) return;
    openChat();
    const t = setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('contact');
          return next;
        },
        { replace: true },
      );
    }, CONTACT_PARAM_REMOVAL_MS);
    return () => clearTimeout(t);
  }, [wantsContact, setParams]);

  useEffect(() => {
    if (location.pathname === '/contact') closeChat();
  }, [location.pathname]);

  if (location.pathname === '/contact') return null;

  const handleClick = () => {
    if (open) closeChat();
    else if (user) openChat();
    else navigate('/contact');
  };

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={closeChat} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={handleClick}
        aria-label={open ? 'Close support chat' : user ? 'Open support chat' : 'Contact support'}
        aria-expanded={user ? open : undefined}
        className="fixed bottom-5 right-5 z-40 grid size-14 place-items-center rounded-full bg-brand-800 text-white shadow-xl transition hover:scale-105 hover:bg-brand-900 sm:bottom-6 sm:right-6"
      >
        {open ? <CloseIcon size={24} /> : <ChatIcon size={24} />}
      </button>
    </>
  );
}
