import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { ClientToServerEvents, ServerEvent, ServerEventArgs, ServerToClientEvents } from '@jara/shared';
import type { RedisLink } from '../redis.js';
import type { SessionStore, SessionUser } from '../sessions.js';
import { SESSION_COOKIE } from '../sessions.js';
import { sha256 } from '../../lib/crypto.js';
import { sameSiteCheck } from '../../lib/origin.js';

/** What the handshake learnt of a socket. */
interface SocketData {
  user: SessionUser;
  sessionHash: string;
}
/** The server, typed with the events of packages/shared (src/events.ts) both ways. */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AuthedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ConnectionHandler = (socket: AuthedSocket) => void;

/**
 * Socket.IO on the same server and origin. The handshake must come from our own origin and is
 * authenticated by the session cookie (refused otherwise); every socket joins `user:<id>`,
 * `role:<role>` and `session:<hash>`, the room through which an ended session is cut off.
 */
export class Realtime {
  readonly io: AppServer;
  private handlers: ConnectionHandler[] = [];

  constructor(
    server: HttpServer,
    sessions: SessionStore,
    private readonly log: Logger,
    publicUrl: string,
  ) {
    const isSameSite = sameSiteCheck(publicUrl);
    this.io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(server, {
      serveClient: false,
      maxHttpBufferSize: 100_000,
      cors: undefined,
      // A page on another site could otherwise open a socket with our user's cookie.
      allowRequest: (req, callback) => callback(null, isSameSite(req.headers)),
    });
    this.io.use(
      (socket, next) =>
        void (async () => {
          try {
            const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
            const user = token ? await sessions.resolve(token) : null;
            if (!user || !token) return next(new Error('unauthorized'));
            socket.data.user = user;
            socket.data.sessionHash = sha256(token);
            next();
          } catch (err) {
            this.log.error({ err }, 'socket auth failed');
            next(new Error('unauthorized'));
          }
        })(),
    );
    this.io.on('connection', (socket) => {
      const { user } = socket.data;
      void socket.join([
        `user:${user.id}`,
        ...user.roles.map((r: string) => `role:${r}`),
        `session:${socket.data.sessionHash}`,
      ]);
      for (const h of this.handlers) h(socket);
    });
  }

  /**
   * Shares rooms between server instances through Redis. While Redis is away an emit reaches
   * this instance's sockets only: the adapter delivers locally whatever happens to its publish,
   * and the publish is skipped (not queued to be replayed late) until Redis is back.
   */
  async useRedis(link: RedisLink): Promise<void> {
    const pub = await link.client('socket.io publish');
    const sub = await link.client('socket.io subscribe');
    const publish = pub.publish.bind(pub);
    // The adapter neither awaits nor catches its publishes: a refused one must not become an
    // unhandled rejection.
    (pub as { publish: (channel: string, message: string | Buffer) => Promise<number> }).publish = (
      channel,
      message,
    ) => (pub.isReady ? publish(channel, message).catch(() => 0) : Promise.resolve(0));
    // Asking the other instances (fetchSockets, presence) needs their number; without Redis this
    // instance is the only one it can ask, so it answers from its own sockets.
    // The adapter's channels (broadcasts, and the requests behind fetchSockets, socketsJoin,
    // disconnectSockets and serverCount) are named after `key`: under the deployment's prefix,
    // another deployment on the same Redis neither hears them nor counts as one of its servers.
    const adapter = createAdapter(pub, sub, { key: `${link.prefix}socket.io` });
    // A function, not an arrow: socket.io calls it with `new`, which gives back the object it returns.
    this.io.adapter(function (nsp: Namespace) {
      const a = adapter(nsp);
      const serverCount = a.serverCount.bind(a);
      a.serverCount = () => (pub.isReady ? serverCount().catch(() => 1) : Promise.resolve(1));
      return a;
    });
  }

  /** Moves a user's open sockets, on every instance, into or out of a role's room (an admin changed their roles). */
  setRoleRoom(userId: string, role: string, member: boolean): void {
    const sockets = this.io.in(`user:${userId}`);
    if (member) sockets.socketsJoin(`role:${role}`);
    else sockets.socketsLeave(`role:${role}`);
  }

  /** Disconnects, on every instance, the sockets opened with these sessions (logout, password change). */
  disconnectSessions(idHashes: string[]): void {
    this.io.in(idHashes.map((h) => `session:${h}`)).disconnectSockets(true);
  }

  onConnection(handler: ConnectionHandler): void {
    this.handlers.push(handler);
  }

  /** Sends an event to every open socket of a user, on every instance. */
  emitToUser<E extends ServerEvent>(userId: string, event: E, ...args: ServerEventArgs<E>): void {
    this.io.to(`user:${userId}`).emit(event, ...args);
  }

  /** Sends an event to every open socket of a role's members, on every instance. */
  emitToRole<E extends ServerEvent>(role: string, event: E, ...args: ServerEventArgs<E>): void {
    this.io.to(`role:${role}`).emit(event, ...args);
  }

  /**
   * Sends an event once to every open socket of these users and of these roles' members, on every
   * instance (a socket in several of the rooms still hears it once).
   */
  emitToPeople<E extends ServerEvent>(
    people: { userIds: readonly string[]; roles: readonly string[] },
    event: E,
    ...args: ServerEventArgs<E>
  ): void {
    const rooms = [...people.userIds.map((id) => `user:${id}`), ...people.roles.map((r) => `role:${r}`)];
    if (rooms.length) this.io.to(rooms).emit(event, ...args);
  }

  async close(): Promise<void> {
    // Not io.close(): that would also close the HTTP server, which Fastify owns.
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
  }
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}
