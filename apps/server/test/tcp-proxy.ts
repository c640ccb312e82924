import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP pass-through in front of a real server (PostgreSQL, Redis), so a test can take the
 * dependency away and bring it back on the same address without touching the shared server.
 */
export class TcpProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening (on the same port as before when restarted). */
  async start(): Promise<number> {
    const server = createServer((client) => {
      // Accepted just as stop() began: refuse it like the stopped server it stands for.
      if (this.server !== server) {
        client.destroy();
        return;
      }
      const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this.port;
  }

  /** Refuses new connections and cuts the open ones, like a server that went away. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }
}

/** A URL like `url` that goes through the proxy instead. */
export function viaProxy(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}
