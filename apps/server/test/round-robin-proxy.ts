import {
  createServer,
  request as httpRequest,
  Agent,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface Upstream {
  /** A short name, returned to the client in `x-served-by`. */
  name: string;
  host: string;
  port: number;
}

export interface Forwarded {
  seq: number;
  kind: 'http' | 'upgrade';
  method: string;
  path: string;
  upstream: string;
  /** The upstream's status (0 when it could not be reached; 101 for an accepted upgrade). */
  status: number;
}

/**
 * A load balancer in front of several instances, as nginx or Caddy would be: plain round-robin
 * per HTTP request (not per client connection, no stickiness), WebSocket upgrades passed
 * through to the next instance and then held on it, `X-Forwarded-For`/`-Proto` set. Every
 * response says which instance answered (`x-served-by`) and every forwarded request is logged,
 * so a test can show which instance did what.
 */
export class RoundRobinProxy {
  readonly log: Forwarded[] = [];
  port = 0;
  private next = 0;
  private seq = 0;
  private server: Server;
  private sockets = new Set<Socket | Duplex>();
  private agents: Agent[];

  constructor(private readonly upstreams: Upstream[]) {
    if (!upstreams.length) throw new Error('no upstreams');
    this.agents = upstreams.map(() => new Agent({ keepAlive: true }));
    this.server = createServer((req, res) => this.forward(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    this.server.on('connection', (s) => this.track(s));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The instance the next request or upgrade goes to. */
  peek(): string {
    return this.upstreams[this.next]!.name;
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    for (const a of this.agents) a.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private track(s: Socket | Duplex): void {
    this.sockets.add(s);
    s.once('close', () => this.sockets.delete(s));
  }

  private pick(): number {
    const i = this.next;
    this.next = (this.next + 1) % this.upstreams.length;
    return i;
  }

  private headers(req: IncomingMessage): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = v;
    const client = req.socket.remoteAddress ?? '';
    out['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${String(req.headers['x-forwarded-for'])}, ${client}`
      : client;
    out['x-forwarded-proto'] = 'http';
    return out;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    const i = this.pick();
    const up = this.upstreams[i]!;
    const entry: Forwarded = {
      seq: ++this.seq,
      kind: 'http',
      method: req.method ?? '',
      path: req.url ?? '',
      upstream: up.name,
      status: 0,
    };
    this.log.push(entry);
    const out = httpRequest(
      {
        host: up.host,
        port: up.port,
        method: req.method,
        path: req.url,
        headers: this.headers(req),
        agent: this.agents[i],
      },
      (upRes) => {
        entry.status = upRes.statusCode ?? 0;
        res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-served-by': up.name });
        upRes.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent)
        res.writeHead(502, { 'content-type': 'text/plain', 'x-served-by': up.name }).end('Bad gateway');
      else res.destroy();
    });
    // The client went away before the answer was complete: so does the request upstream.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(out);
  }

  private upgrade(req: IncomingMessage, client: Duplex, head: Buffer): void {
    const i = this.pick();
    const up = this.upstreams[i]!;
    const entry: Forwarded = {
      seq: ++this.seq,
      kind: 'upgrade',
      method: req.method ?? '',
      path: req.url ?? '',
      upstream: up.name,
      status: 0,
    };
    this.log.push(entry);
    this.track(client);
    const upstream = connect({ host: up.host, port: up.port });
    this.track(upstream);
    upstream.once('connect', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [k, v] of Object.entries(this.headers(req)))
        for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      // The status line of the upstream's answer, for the log; the bytes pass on untouched.
      upstream.once('data', (chunk: Buffer) => {
        entry.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0);
      });
      upstream.pipe(client).pipe(upstream);
    });
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', cut);
    client.on('error', cut);
    upstream.on('close', cut);
    client.on('close', cut);
  }
}
