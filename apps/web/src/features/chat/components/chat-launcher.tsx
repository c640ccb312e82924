import { Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CONTACT_PARAM_REMOVAL_MS } from '@jara/shared';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { useSession } from '../../auth';
import { ChatPanel } from '../chat-mount';
import { unreadQuery, useUnread } from '../api/get-unread';
import { closeChat, openChat, useChatPanel } from '../hooks/use-chat-panel';
import { disconnectSocket } from '../../../lib/socket';
import { chatSocket } from '../realtime/chat-socket';

/**
 * The floating chat button (every page but /contact): signed in → opens the panel, guest →
 * /contact; agents go to their inbox. `?contact=true` opens the panel, then the parameter is
 * dropped after 500 ms. A badge counts support's replies not read yet.
 */
export function ChatLauncher() {
  const { user, isLoading } = useSession();
  const { open } = useChatPanel();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wantsContact = params.get('contact') === 'true';
  const qc = useQueryClient();
  const isAgent = user?.role === 'support' || user?.role === 'admin';
  const unread = useUnread(user && !isAgent ? user._id : undefined).data?.unread ?? 0;
  const shownOpen = open && !!user && !isAgent;

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

  // The socket is authenticated at its handshake: after a logout or a switch of account it must
  // reconnect with the new cookie, or it would keep receiving the previous user's events.
  const lastUserId = useRef<string | null>(null);
  useEffect(() => {
    if (isLoading) return;
    const id = user?._id ?? null;
    if (lastUserId.current && lastUserId.current !== id) {
      disconnectSocket();
      closeChat();
    }
    lastUserId.current = id;
  }, [user?._id, isLoading]);

  useEffect(() => {
    if (location.pathname === '/contact') closeChat();
  }, [location.pathname]);

  // The badge stays current while the panel is closed: the server tells the customer's sockets when their conversation moves.
  useEffect(() => {
    if (!user || isAgent) return;
    const socket = chatSocket();
    const refresh = () => void qc.invalidateQueries({ queryKey: unreadQuery(user._id).queryKey });
    socket.on('chat.updated', refresh);
    socket.on('connect', refresh);
    return () => {
      socket.off('chat.updated', refresh);
      socket.off('connect', refresh);
    };
  }, [user, isAgent, qc]);

  if (location.pathname === '/contact') return null;
  // In their inbox, agents need the corner for the reply box.
  if (isAgent && location.pathname.startsWith('/support')) return null;

  const handleClick = () => {
    if (shownOpen) closeChat();
    else if (isAgent) navigate('/support');
    else if (user) openChat();
    else navigate('/contact');
  };

  const badge = !shownOpen && unread > 0 ? (unread > 9 ? '9+' : String(unread)) : null;
  const label = shownOpen ? 'Close support chat' : user ? (isAgent ? 'Open the support inbox' : 'Open support chat') : 'Contact support';

  return (
    <>
      {shownOpen && (
        <Suspense fallback={null}>
          <ChatPanel onClose={closeChat} />
        </Suspense>
      )}
      <button
        type="button"
        onClick={handleClick}
        aria-label={badge ? `${label}, ${unread} unread` : label}
        aria-expanded={user && !isAgent ? shownOpen : undefined}
        className={`fixed bottom-5 right-5 z-40 grid size-14 place-items-center rounded-full bg-brand-800 text-white shadow-xl transition hover:scale-105 hover:bg-brand-900 sm:bottom-6 sm:right-6 ${shownOpen ? 'max-sm:hidden' : ''}`}
      >
        {shownOpen ? <CloseIcon size={24} /> : <ChatIcon size={24} />}
        {badge && (
          <span data-testid="chat-unread" aria-hidden="true" className="absolute -right-1 -top-1 grid min-w-6 place-items-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-brand-950 ring-2 ring-white">
            {badge}
          </span>
        )}
      </button>
    </>
  );
}
