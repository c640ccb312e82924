import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@jara/shared';

/** The socket typed with the events of packages/shared (src/events.ts): names and payloads are checked. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The app's one Socket.IO connection: same origin, authenticated by the session cookie. The
 * server refuses a handshake without a session, so features call `ensureConnected()` once the
 * user is known (after login too), and `disconnectSocket()` on logout.
 */
export function getSocket(): AppSocket {
  // WebSocket first: one connection that stays on the instance it reached, so several server
  // instances behind a round-robin proxy need no sticky sessions (the Redis adapter joins their
  // rooms). Long-polling only where a network blocks WebSockets (docs/operations.md).
  socket ??= io({
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  return socket;
}

export function ensureConnected(): AppSocket {
  const s = getSocket();
  if (!s.connected && !s.active) s.connect();
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
}
