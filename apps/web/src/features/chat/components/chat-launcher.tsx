import { Suspense, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CONTACT_PARAM_REMOVAL_MS, hasRole } from '@jara/shared';
import { ChatIcon, CloseIcon } from '../../../components/ui/icons';
import { useSession } from '../../../session/session';
import { ChatPanel } from '../chat-mount';
import { unreadQuery } from '../api/get-unread';
import { closeChat, openChat, useChatPanel } from '../hooks/use-chat-panel';
import { useClearSpot } from '../hooks/use-clear-spot';
import { useT } from '../../../i18n';

const SIZE = 56;
const INSET = 20;
/** Until the chat is first opened the badge is polled over HTTP, this often while the page is visible. */
const UNREAD_POLL_MS = 60_000;

/** Staff portals: the customer's support chat has no place there. */
const PORTAL = /^\/(seller|rider|support|admin)(\/|$)/;

/**
 * The floating chat button (every customer page but /contact; not in the portals): signed in →
 * opens the panel, guest → /contact; agents go to their inbox. `?contact=true` opens the panel, then the parameter is
 * dropped after 500 ms. A badge counts support's replies not read yet.
 */
export function ChatLauncher() {
  // Its words come in a chunk of their own: the rest of the page does not wait for them.
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  );
}

function Launcher() {
  const t = useT('chat');
  const { user, isLoading } = useSession();
  const { open, used } = useChatPanel();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wantsContact = params.get('contact') === 'true';
  const qc = useQueryClient();
  const isAgent = hasRole(user, 'support', 'admin');
  // Before the chat is first opened there is no socket: the badge is a small HTTP call, repeated
  // while the page is visible and when the user comes back to it. Once opened, the socket keeps it.
  const unread =
    useQuery({
      ...unreadQuery(user && !isAgent ? user._id : undefined),
      refetchInterval: used ? false : UNREAD_POLL_MS,
      refetchOnWindowFocus: !used,
    }).data?.unread ?? 0;
  const shownOpen = open && !!user && !isAgent;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hidden = location.pathname === '/contact' || PORTAL.test(location.pathname);
  // Never over a control or text: the button climbs to the lowest free spot, or steps aside.
  const bottom = useClearSpot(buttonRef, { active: !shownOpen && !hidden, size: SIZE, inset: INSET });

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
      void import('../../../lib/socket').then((m) => m.disconnectSocket());
      closeChat();
    }
    lastUserId.current = id;
  }, [user?._id, isLoading]);

  useEffect(() => {
    if (location.pathname === '/contact' || PORTAL.test(location.pathname)) closeChat();
  }, [location.pathname]);

  // Once the chat has been opened the socket is there, and the badge stays current while the panel
  // is closed: the server tells the customer's sockets when their conversation moves. The socket
  // code is its own chunk, loaded on that first use only.
  useEffect(() => {
    if (!user || isAgent || !used) return;
    let stop = () => {};
    let cancelled = false;
    void import('../../../conversation/chat-socket').then(({ chatSocket }) => {
      if (cancelled) return;
      const socket = chatSocket();
      const refresh = () => void qc.invalidateQueries({ queryKey: unreadQuery(user._id).queryKey });
      socket.on('chat.updated', refresh);
      socket.on('connect', refresh);
      stop = () => {
        socket.off('chat.updated', refresh);
        socket.off('connect', refresh);
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [user, isAgent, used, qc]);

  // Not on /contact; in the portals the corner belongs to their own controls and tables.
  if (hidden) return null;

  const handleClick = () => {
    if (shownOpen) closeChat();
    else if (isAgent) void navigate('/support');
    else if (user) openChat();
    else void navigate('/contact');
  };

  const badge = !shownOpen && unread > 0 ? (unread > 9 ? '9+' : String(unread)) : null;
  // Only a customer's replies are counted: an agent's and a guest's badge stays empty.
  const label = shownOpen
    ? t('chat.launcher.close')
    : !user
      ? t('chat.launcher.contact')
      : isAgent
        ? t('chat.launcher.inbox')
        : badge
          ? t('chat.launcher.openUnread', { count: unread })
          : t('chat.launcher.open');

  return (
    <>
      {shownOpen && (
        <Suspense fallback={null}>
          <ChatPanel onClose={closeChat} />
        </Suspense>
      )}
      <button
        ref={buttonRef}
        type="button"
        onClick={handleClick}
        data-testid="chat-launcher"
        // It climbs by a transform, not by `bottom`: a move after the page is up is then no
        // layout shift (CLS), and nothing else on the page moves with it.
        style={{
          right: INSET,
          ...(shownOpen
            ? {}
            : { bottom: INSET, transform: bottom && bottom !== INSET ? `translateY(${INSET - bottom}px)` : undefined }),
        }}
        aria-label={label}
        aria-expanded={user && !isAgent ? shownOpen : undefined}
        className={`fixed bottom-5 right-5 z-40 grid size-14 place-items-center rounded-full bg-brand-800 text-white shadow-xl transition-[transform,background-color] hover:scale-105 hover:bg-brand-900 ${shownOpen ? 'max-sm:hidden' : ''} ${!shownOpen && bottom === null ? 'invisible' : ''}`}
      >
        {shownOpen ? <CloseIcon size={24} /> : <ChatIcon size={24} />}
        {badge && (
          <span
            data-testid="chat-unread"
            aria-hidden="true"
            className="absolute -right-1 -top-1 grid min-w-6 place-items-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-brand-950 ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </button>
    </>
  );
}
