import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;

/**
 * The app's one Socket.IO connection: same origin, authenticated by the session cookie. The
 * server refuses a handshake without a session, so features call `ensureConnected()` once the
 * user is known (after login too), and `disconnectSocket()` on logout.
 */
export function getSocket(): Socket {
  // WebSocket first: one connection that stays on the instance it reached, so several server
  // instances behind a round-robin proxy need no sticky sessions (the Redis adapter joins their
  // rooms). Long-polling only where a network blocks WebSockets (docs/operations.md).
  socket ??= io({ withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'], tryAllTransports: true });
  return socket;
}

export function ensureConnected(): Socket {
  const s = getSocket();
  if (!s.connected && !s.active) s.connect();
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
}
