/**
 * A local HTTP server that answers like Paystack (same paths, envelopes, statuses and webhook
 * signing) for the endpoints Jara uses, keeping its own ledger of transactions, refunds and
 * transfers. Every request body, and every list's query, is checked against Paystack's OpenAPI
 * file. Tests can make any endpoint slow, fail with an HTTP error, or take effect and never answer
 * (a timeout). Successful transactions report Paystack's local fee (`fees`, paystackFeeKobo).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { parse } from 'yaml';
import { Ajv, type ValidateFunction } from 'ajv';
import { paystackFeeKobo } from '@jara/shared';
import { signWebhook } from '../src/infra/payments/signature.js';
import type { TestApp } from './helpers.js';

// Paystack's own OpenAPI description, cut to the operations the client calls (test/fixtures/paystack-openapi).
const SPEC_PATH = new URL('./fixtures/paystack-openapi/paystack-excerpt.yaml', import.meta.url);

export type PaystackOp =
  | 'initialize'
  | 'verify'
  | 'listTransactions'
  | 'refund'
  | 'listRefunds'
  | 'recipient'
  | 'transfer'
  | 'listTransfers'
  | 'verifyTransfer';

export interface Behaviour {
  /** Answer only after this many milliseconds. */
  delayMs?: number;
  /** Answer with this HTTP status and Paystack's error envelope; the call changes nothing. */
  failWith?: number;
  /** Do the work (the refund, the transfer …) and never answer, so the client times out. */
  hang?: boolean;
  /** Hold the answer until release() is called. */
  hold?: boolean;
  /** Do the work (and send its webhooks) at once, but hold the answer until release(). */
  holdAnswer?: boolean;
  /** Answer 200 with a body that is not Paystack's JSON (a proxy's error page, a cut answer). */
  malformed?: boolean;
  /** For how many calls (default: until cleared). */
  times?: number;
}

/** What the provider holds, for the invariant checker (test/faults/invariants.ts). */
export interface Ledger {
  /** Every transaction initialised; `success` ones are charges the provider confirms. */
  charges: { reference: string; amount: number; status: string }[];
  /** Every refund the provider accepted (one entry per accepted request). */
  refunds: { reference: string; amount: number; note: string }[];
  /** Every transfer the provider accepted, with its final status. */
  transfers: { reference: string; amount: number; status: string }[];
}

export interface LocalTxn {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  channels: string[];
  callback_url: string;
  refunded: number;
  createdAt: Date;
  paidAt: Date | null;
}
export interface LocalRefund {
  id: number;
  reference: string;
  amount: number;
  merchant_note: string;
  status: string;
  createdAt: Date;
}
export interface LocalTransfer {
  reference: string;
  transfer_code: string;
  recipient: string;
  amount: number;
  status: string;
  createdAt: Date;
}
export interface Seen {
  method: string;
  path: string;
  op: PaystackOp | null;
  body: unknown;
  /** The query parameters (the lists'). */
  query: Record<string, string>;
  errors: string[];
}

/** Each operation: its method, its path and the path as the OpenAPI file names it. */
const OPS: [PaystackOp, 'GET' | 'POST', RegExp, string][] = [
  ['initialize', 'POST', /^\/transaction\/initialize$/, '/transaction/initialize'],
  ['verify', 'GET', /^\/transaction\/verify\/(.+)$/, '/transaction/verify/{reference}'],
  ['listTransactions', 'GET', /^\/transaction$/, '/transaction'],
  ['refund', 'POST', /^\/refund$/, '/refund'],
  ['listRefunds', 'GET', /^\/refund$/, '/refund'],
  ['recipient', 'POST', /^\/transferrecipient$/, '/transferrecipient'],
  ['transfer', 'POST', /^\/transfer$/, '/transfer'],
  ['listTransfers', 'GET', /^\/transfer$/, '/transfer'],
  ['verifyTransfer', 'GET', /^\/transfer\/verify\/(.+)$/, '/transfer/verify/{reference}'],
];

interface Parameter {
  in: string;
  name: string;
  schema?: unknown;
}
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
};
/** Paystack's OpenAPI excerpt, parsed (test/fixtures/paystack-openapi). */
export const PAYSTACK_SPEC = parse(readFileSync(SPEC_PATH, 'utf8')) as {
  paths: Record<string, Record<string, Operation> & { parameters?: Parameter[] }>;
  components: { schemas: Record<string, unknown> };
};

/** RFC 3339's date-time, as OpenAPI's `format: date-time` means it. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const isDateTime = (v: string) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v));

/**
 * A POST's validator checks its body against the operation's request schema; a GET's checks its
 * query against the query parameters the operation declares (no other, each of its type: the
 * values come as text and are read as the declared type first).
 */
function loadValidators(): Partial<Record<PaystackOp, ValidateFunction>> {
  const doc = PAYSTACK_SPEC;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(doc as object, 'paystack');
  const queries = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  queries.addFormat('date-time', isDateTime);
  queries.addFormat('int64', true); // integers are checked by their type
  const validators: Partial<Record<PaystackOp, ValidateFunction>> = {};
  for (const [name, method, , path] of OPS) {
    const op = doc.paths[path]?.[method.toLowerCase()] as Operation | undefined;
    if (!op) throw new Error(`${method} ${path} is not in the Paystack excerpt`);
    if (method === 'POST') {
      const schema = op.requestBody?.content['application/json']?.schema as { $ref: string } | undefined;
      if (!schema?.$ref) throw new Error(`no request schema for POST ${path}`);
      validators[name] = ajv.getSchema(`paystack${schema.$ref}`)!;
    } else {
      const params = [...(doc.paths[path]!.parameters ?? []), ...(op.parameters ?? [])].filter((p) => p.in === 'query');
      validators[name] = queries.compile({
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
        additionalProperties: false,
      });
    }
  }
  return validators;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex').slice(0, 15)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class LocalPaystack {
  readonly secret: string;
  baseUrl = '';
  readonly validators = loadValidators();
  readonly seen: Seen[] = [];
  readonly txns = new Map<string, LocalTxn>();
  readonly refunds: LocalRefund[] = [];
  readonly transfers = new Map<string, LocalTransfer>();
  /** The most records a list answers per page, whatever is asked (Paystack caps it too); tests lower it to see the pages followed. */
  maxPerPage = 100;
  /** Where webhooks go (signed with the secret key, as Paystack signs them); none without an app. */
  app: TestApp | null = null;
  /**
   * Or a server over HTTP (a child process): webhooks are POSTed to its webhook path, and like
   * Paystack's they are sent again (with a short backoff here) until answered 200 or given up.
   */
  webhookUrl: string | null = null;
  /** How many times an unanswered webhook is sent before giving up (HTTP targets only). */
  webhookRetries = 240;
  webhookRetryMs = 250;
  /** How the next transfers end: `failed` (webhook transfer.failed) or `reversed` (success, then transfer.reversed). */
  transferFate: 'success' | 'failed' | 'reversed' = 'success';
  /** Send refund.processed / transfer.success webhooks by itself after a refund or transfer. */
  autoWebhooks = true;
  /** Called as each answer is sent (tests use it to order events). */
  onAnswer: ((op: PaystackOp | null, status: number) => void) | null = null;
  private server: Server;
  private behaviours = new Map<PaystackOp, Behaviour & { left: number }>();
  private held: (() => void)[] = [];
  private waiting: { op: PaystackOp; resolve: () => void }[] = [];
  private refundSeq = 1000;
  private sending = new Set<Promise<void>>();

  constructor(secret = `sk_test_${randomBytes(20).toString('hex')}`) {
    this.secret = secret;
    this.server = createServer((req, res) => void this.handle(req, res));
    // Idle connections stay open until close(): with the embedded database busy in the same
    // event loop, a server closing an idle socket just as the client reuses it fails a request
    // for a reason no real provider call would meet in a test.
    this.server.keepAliveTimeout = 60_000;
  }

  async listen(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  /** How the next calls of `op` behave (replaces what was set before for it). */
  behave(op: PaystackOp, b: Behaviour): void {
    this.behaviours.set(op, { ...b, left: b.times ?? Infinity });
  }

  clear(op?: PaystackOp): void {
    if (op) this.behaviours.delete(op);
    else this.behaviours.clear();
  }

  /** Answers every held call. */
  release(): void {
    for (const r of this.held.splice(0)) r();
  }

  /** Resolves when the next `op` call arrives (before it is answered). */
  arrived(op: PaystackOp): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ op, resolve }));
  }

  calls(op: PaystackOp): Seen[] {
    return this.seen.filter((s) => s.op === op);
  }

  /** The customer pays on Paystack's page (no webhook: send one with webhook() when wanted). */
  pay(reference: string): void {
    const t = this.txns.get(reference);
    if (!t) throw new Error(`no transaction ${reference} at the local Paystack`);
    t.status = 'success';
    t.paidAt = new Date();
  }

  /** A transaction made at Paystack without us (paid unless told otherwise), as if at `at`. */
  charge(reference: string, amount: number, opts: { status?: string; at?: Date; email?: string } = {}): LocalTxn {
    const at = opts.at ?? new Date();
    const status = opts.status ?? 'success';
    const t: LocalTxn = {
      reference,
      email: opts.email ?? 'someone@example.com',
      amount,
      currency: 'NGN',
      status,
      channels: ['card'],
      callback_url: 'http://localhost:3000/loader?next=my-orders',
      refunded: 0,
      createdAt: at,
      paidAt: status === 'success' ? at : null,
    };
    this.txns.set(reference, t);
    return t;
  }

  /** What this provider holds (confirmed charges, accepted refunds and transfers). */
  ledger(): Ledger {
    return {
      charges: [...this.txns.values()].map((t) => ({ reference: t.reference, amount: t.amount, status: t.status })),
      refunds: this.refunds.map((r) => ({ reference: r.reference, amount: r.amount, note: r.merchant_note })),
      transfers: [...this.transfers.values()].map((t) => ({
        reference: t.reference,
        amount: t.amount,
        status: t.status,
      })),
    };
  }

  /** The charge.success webhook Paystack sends for a paid transaction. */
  chargeSuccess(reference: string): { event: string; data: Record<string, unknown> } {
    const t = this.txns.get(reference);
    if (!t) throw new Error(`no transaction ${reference} at the local Paystack`);
    return {
      event: 'charge.success',
      data: {
        id: 4099260516,
        reference,
        amount: t.amount,
        currency: t.currency,
        status: 'success',
        channel: 'card',
        customer: { email: t.email },
      },
    };
  }

  /**
   * Posts one webhook to the server over HTTP (webhookUrl), once: the status, or 0 when nothing
   * answered. `signature: null` leaves the header out; a string replaces it.
   */
  async postWebhook(
    event: string,
    data: Record<string, unknown>,
    opts: { signature?: string | null; raw?: string } = {},
  ): Promise<number> {
    if (!this.webhookUrl) throw new Error('local Paystack: no webhookUrl');
    const raw = opts.raw ?? JSON.stringify({ event, data });
    const signature = opts.signature === undefined ? signWebhook(raw, this.secret) : opts.signature;
    try {
      const res = await fetch(`${this.webhookUrl}/api/payment/paystack/webhook`, {
        method: 'POST',
        body: raw,
        signal: AbortSignal.timeout(10_000),
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-paystack-signature': signature }),
        },
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /**
   * Sends a webhook once and answers with the status; if that was not 200 it goes on being sent
   * in the background, as Paystack does, until answered (see pendingWebhooks()).
   */
  async send(event: string, data: Record<string, unknown>): Promise<number> {
    const status = await this.postWebhook(event, data);
    if (status !== 200) {
      const retry: Promise<void> = sleep(this.webhookRetryMs)
        .then(() => this.deliver(event, data))
        .finally(() => this.sending.delete(retry));
      this.sending.add(retry);
    }
    return status;
  }

  /** Sends a webhook the way Paystack does: again and again until the server answers 200. */
  deliver(event: string, data: Record<string, unknown>): Promise<void> {
    const sent: Promise<void> = (async () => {
      for (let i = 0; i < this.webhookRetries; i++) {
        if ((await this.postWebhook(event, data)) === 200) return;
        await sleep(this.webhookRetryMs);
      }
    })().finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }

  /** Signs and posts a webhook to the app exactly as Paystack does. */
  async webhook(event: string, data: Record<string, unknown>) {
    if (!this.app) throw new Error('local Paystack: no app to send webhooks to');
    const raw = JSON.stringify({ event, data });
    return this.app.inject({
      method: 'POST',
      url: '/api/payment/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, this.secret) },
      payload: raw,
    });
  }

  /** Signs and posts a webhook over HTTP to `url` (an app behind a proxy, in another process). */
  async postWebhookTo(url: string, event: string, data: Record<string, unknown>): Promise<Response> {
    const raw = JSON.stringify({ event, data });
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, this.secret) },
      body: raw,
    });
  }

  private later(event: string, data: Record<string, unknown>): void {
    if (!this.autoWebhooks) return;
    if (this.webhookUrl) {
      void this.deliver(event, data);
      return;
    }
    if (!this.app) return;
    const sent: Promise<void> = new Promise((r) => setTimeout(r, 0))
      .then(() => this.webhook(event, data))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** How many webhooks are still being sent (HTTP targets retry until answered). */
  pendingWebhooks(): number {
    return this.sending.size;
  }

  /** Resolves once every webhook this server decided to send has been delivered to the app. */
  async webhooksDelivered(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = performance.now();
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    let answered = false;
    const send = (status: number, body: unknown) => {
      if (answered || res.destroyed) return;
      answered = true;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
      this.onAnswer?.(op, status);
    };
    const match = OPS.find(([, method, re]) => method === req.method && re.test(url.pathname));
    const query = Object.fromEntries(url.searchParams);
    const op = match?.[0] ?? null;
    const param = match ? decodeURIComponent(match[2].exec(url.pathname)![1] ?? '') : '';
    const errors: string[] = [];
    if (req.headers.authorization !== `Bearer ${this.secret}`) errors.push('missing or wrong Authorization header');
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/json')) errors.push('content-type is not JSON');
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        errors.push('body is not JSON');
      }
      const validate = op ? this.validators[op] : undefined;
      if (!validate) errors.push(`unexpected path ${url.pathname}`);
      else if (!validate(body)) errors.push(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
    } else if (op) {
      const validate = this.validators[op]!;
      // The validator reads the text as the declared types: give it a copy.
      if (!validate({ ...query }))
        errors.push(
          ...(validate.errors ?? []).map(
            (e) => `query ${e.instancePath || JSON.stringify(e.params)} ${e.message ?? ''}`,
          ),
        );
    }
    this.seen.push({
      method: req.method ?? '',
      path: url.pathname,
      op,
      body: req.method === 'POST' ? body : undefined,
      query,
      errors,
    });
    for (const w of this.waiting.filter((x) => x.op === op)) w.resolve();
    this.waiting = this.waiting.filter((x) => x.op !== op);
    if (!op) return send(404, { status: false, message: 'Not found' });
    if (errors.length) return send(400, { status: false, message: errors.join('; ') });

    const b = this.behaviours.get(op);
    let active: Behaviour | undefined;
    if (b && b.left > 0) {
      b.left--;
      active = b;
    }
    // A provider that takes delayMs answers delayMs after the request reached it, its own
    // checking included.
    if (active?.delayMs) await sleep(active.delayMs - (performance.now() - arrived));
    if (active?.hold) await new Promise<void>((r) => this.held.push(r));
    if (active?.failWith) return send(active.failWith, { status: false, message: 'An error occurred' });
    if (active?.malformed) {
      // The work is not done: a gateway in front answered instead.
      answered = true;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
      this.onAnswer?.(op, 200);
      return;
    }
    const [status, answer] = this.answer(op, param, body, url.searchParams);
    if (active?.hang) return; // the work is done; the answer never comes
    if (active?.holdAnswer) await new Promise<void>((r) => this.held.push(r));
    send(status, answer);
  }

  /** What Paystack keeps of a transaction: its local fee once successful, nothing before. */
  private feesOf(t: LocalTxn): number | null {
    return t.status === 'success' || t.status === 'reversed' ? paystackFeeKobo(t.amount) : null;
  }

  /** One page of a list, newest first, as Paystack pages them (`meta`: total, skipped, perPage, page, pageCount). */
  private page<T extends { createdAt: Date }>(all: T[], asked: number, query: URLSearchParams) {
    const perPage = Math.min(asked, this.maxPerPage);
    const page = Number(query.get('page') ?? 1);
    const sorted = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    return {
      rows: sorted.slice((page - 1) * perPage, page * perPage),
      meta: {
        total: sorted.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.ceil(sorted.length / perPage),
      },
    };
  }

  private answer(
    op: PaystackOp,
    param: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): [number, unknown] {
    switch (op) {
      case 'initialize': {
        const b = body as {
          email: string;
          amount: number;
          reference: string;
          currency?: string;
          channels?: string[];
          callback_url: string;
        };
        if (this.txns.has(b.reference)) return [400, { status: false, message: 'Duplicate Transaction Reference' }];
        // Paystack reports an initialised transaction nobody paid as "abandoned".
        this.txns.set(b.reference, {
          reference: b.reference,
          email: b.email,
          amount: b.amount,
          currency: b.currency ?? 'NGN',
          status: 'abandoned',
          channels: b.channels ?? [],
          callback_url: b.callback_url,
          refunded: 0,
          createdAt: new Date(),
          paidAt: null,
        });
        const access = randomBytes(8).toString('hex');
        return [
          200,
          {
            status: true,
            message: 'Authorization URL created',
            data: {
              authorization_url: `https://checkout.paystack.com/${access}`,
              access_code: access,
              reference: b.reference,
            },
          },
        ];
      }
      case 'verify': {
        const t = this.txns.get(param);
        if (!t)
          return [400, { status: false, message: 'Transaction reference not found', code: 'transaction_not_found' }];
        return [
          200,
          {
            status: true,
            message: 'Verification successful',
            data: {
              id: 4099260516,
              domain: 'test',
              status: t.status,
              reference: t.reference,
              amount: t.amount,
              currency: t.currency,
              gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
              paid_at: t.status === 'success' ? (t.paidAt ?? new Date()).toISOString() : null,
              created_at: t.createdAt.toISOString(),
              channel: 'card',
              fees: this.feesOf(t),
              customer: { email: t.email },
            },
          },
        ];
      }
      case 'listTransactions': {
        const { rows, meta } = this.page(
          [...this.txns.values()].filter((t) => inWindow(t.createdAt, query)),
          Number(query.get('per_page') ?? 50),
          query,
        );
        return [
          200,
          {
            status: true,
            message: 'Transactions retrieved',
            data: rows.map((t) => ({
              id: 4099260516,
              domain: 'test',
              status: t.status,
              reference: t.reference,
              amount: t.amount,
              currency: t.currency,
              gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed',
              paid_at: t.paidAt?.toISOString() ?? null,
              created_at: t.createdAt.toISOString(),
              channel: 'card',
              fees: this.feesOf(t),
              customer: { email: t.email },
            })),
            meta: { ...meta, total_volume: rows.reduce((s, t) => s + t.amount, 0) },
          },
        ];
      }
      case 'refund': {
        const b = body as { transaction: string; amount?: number; merchant_note?: string };
        const t = this.txns.get(b.transaction);
        const amount = b.amount ?? (t ? t.amount - t.refunded : 0);
        if (!t || t.status !== 'success' || t.refunded + amount > t.amount)
          return [400, { status: false, message: 'Transaction has been fully reversed' }];
        t.refunded += amount;
        const refund: LocalRefund = {
          id: ++this.refundSeq,
          reference: t.reference,
          amount,
          merchant_note: b.merchant_note ?? '',
          status: 'pending',
          createdAt: new Date(),
        };
        this.refunds.push(refund);
        // Paystack queues the refund, answers pending, then tells us by webhook.
        refund.status = 'processed';
        this.later('refund.processed', {
          id: refund.id,
          status: 'processed',
          transaction_reference: t.reference,
          amount,
          currency: 'NGN',
          domain: 'test',
        });
        return [
          200,
          {
            status: true,
            message: 'Refund has been queued for processing',
            data: {
              id: refund.id,
              status: 'pending',
              amount,
              currency: 'NGN',
              transaction: { reference: t.reference },
            },
          },
        ];
      }
      case 'listRefunds': {
        const { rows, meta } = this.page(
          this.refunds.filter((r) => inWindow(r.createdAt, query)),
          Number(query.get('perPage') ?? 50),
          query,
        );
        return [
          200,
          {
            status: true,
            message: 'Refunds retrieved',
            data: rows.map((r) => ({
              id: r.id,
              transaction_reference: r.reference,
              amount: r.amount,
              currency: 'NGN',
              status: r.status,
              merchant_note: r.merchant_note,
              createdAt: r.createdAt.toISOString(),
              domain: 'test',
            })),
            meta: {
              ...meta,
              perPage: String(meta.perPage),
              failedRefundCount: this.refunds.filter((r) => r.status === 'failed').length,
            },
          },
        ];
      }
      case 'recipient': {
        const b = body as { account_number: string };
        if (!/^\d{10}$/.test(b.account_number)) return [422, { status: false, message: 'Account number is invalid' }];
        return [
          201,
          {
            status: true,
            message: 'Transfer recipient created successfully',
            data: { recipient_code: code('RCP'), active: true },
          },
        ];
      }
      case 'transfer': {
        const b = body as { reference: string; amount: number; recipient: string; reason?: string };
        if (this.transfers.has(b.reference)) return [400, { status: false, message: 'Duplicate Transfer Reference' }];
        const t: LocalTransfer = {
          reference: b.reference,
          transfer_code: code('TRF'),
          recipient: b.recipient,
          amount: b.amount,
          status: 'pending',
          createdAt: new Date(),
        };
        this.transfers.set(b.reference, t);
        const fate = this.transferFate;
        t.status = fate === 'failed' ? 'failed' : 'success';
        const event = (status: string) => ({
          transfer_code: t.transfer_code,
          reference: t.reference,
          amount: t.amount,
          currency: 'NGN',
          status,
          reason: b.reason ?? '',
        });
        this.later(`transfer.${t.status}`, event(t.status));
        if (fate === 'reversed') {
          // The bank sends the money back later: Paystack then reports the transfer reversed.
          t.status = 'reversed';
          this.later('transfer.reversed', event('reversed'));
        }
        return [
          200,
          {
            status: true,
            message: 'Transfer has been queued',
            data: { transfer_code: t.transfer_code, status: 'pending', reference: t.reference, amount: t.amount },
          },
        ];
      }
      case 'listTransfers': {
        const { rows, meta } = this.page(
          [...this.transfers.values()].filter((t) => inWindow(t.createdAt, query)),
          Number(query.get('per_page') ?? 50),
          query,
        );
        return [
          200,
          {
            status: true,
            message: 'Transfers retrieved',
            data: rows.map((t) => ({
              id: 37272792,
              domain: 'test',
              amount: t.amount,
              currency: 'NGN',
              reference: t.reference,
              source: 'balance',
              reason: 'Jara payout',
              status: t.status,
              transfer_code: t.transfer_code,
              recipient: { recipient_code: t.recipient },
              createdAt: t.createdAt.toISOString(),
              updatedAt: t.createdAt.toISOString(),
            })),
            meta,
          },
        ];
      }
      case 'verifyTransfer': {
        const t = this.transfers.get(param);
        if (!t) return [404, { status: false, message: 'Transfer not found' }];
        return [
          200,
          {
            status: true,
            message: 'Transfer retrieved',
            data: { transfer_code: t.transfer_code, status: t.status, reference: t.reference, amount: t.amount },
          },
        ];
      }
    }
  }
}

/** Whether a record made at `at` is in the list's window: `from` included, `to` not (both optional). */
function inWindow(at: Date, query: URLSearchParams): boolean {
  const from = query.get('from');
  const to = query.get('to');
  return (!from || at >= new Date(from)) && (!to || at < new Date(to));
}

export async function startLocalPaystack(secret?: string): Promise<LocalPaystack> {
  return new LocalPaystack(secret).listen();
}
