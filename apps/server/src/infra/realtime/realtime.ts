import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import type { Logger } from 'pino';
import type { SessionStore, SessionUser } from '../../modules/auth/sessions.js';
import { SESSION_COOKIE } from '../../modules/auth/sessions.js';

export type AuthedSocket = Socket & { data: { user: SessionUser } };
type ConnectionHandler = (socket: AuthedSocket) => void;

/**
 * Socket.IO on the same server and origin. The handshake is authenticated by the session
 * cookie (refused otherwise); every socket joins `user:<id>` and `role:<role>`.
 */
export class Realtime {
  readonly io: Server;
  private handlers: ConnectionHandler[] = [];
  private redis: RedisClientType[] = [];

  constructor(server: HttpServer, sessions: SessionStore, private readonly log: Logger) {
    this.io = new Server(server, { serveClient: false, maxHttpBufferSize: 100_000, cors: undefined });
    this.io.use(async (socket, next) => {
      try {
        const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
        const user = token ? await sessions.resolve(token) : null;
        if (!user) return next(new Error('unauthorized'));
        socket.data.user = user;
        next();
      } catch (err) {
        this.log.error({ err }, 'socket auth failed');
        next(new Error('unauthorized'));
      }
    });
    this.io.on('connection', (raw) => {
      const socket = raw as AuthedSocket;
      const { user } = socket.data;
      void socket.join([`user:${user.id}`, `role:${user.role}`]);
      for (const h of this.handlers) h(socket);
    });
  }

  /** Shares rooms between server instances through Redis. */
  async useRedis(url: string): Promise<void> {
    const pub = createClient({ url }) as RedisClientType;
    const sub = pub.duplicate() as RedisClientType;
    await Promise.all([pub.connect(), sub.connect()]);
    this.redis.push(pub, sub);
    this.io.adapter(createAdapter(pub, sub));
  }

  onConnection(handler: ConnectionHandler): void {
    this.handlers.push(handler);
  }

  emitToUser(userId: string, event: string, payload: unknown): void {
    this.io.to(`user:${userId}`).emit(event, payload);
  }

  emitToRole(role: string, event: string, payload: unknown): void {
    this.io.to(`role:${role}`).emit(event, payload);
  }

  async close(): Promise<void> {
    // Not io.close(): that would also close the HTTP server, which Fastify owns.
    this.io.local.disconnectSockets(true);
    this.io.engine.close();
    await Promise.all(this.redis.map((c) => c.quit().catch(() => undefined)));
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
