import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;

/**
 * The app's one Socket.IO connection: same origin, authenticated by the session cookie. The
 * server refuses a handshake without a session, so features call `ensureConnected()` once the
 * user is known (after login too), and `disconnectSocket()` on logout.
 */
export function getSocket(): Socket {
  socket ??= io({ withCredentials: true, autoConnect: false });
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
