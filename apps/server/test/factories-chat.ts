import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { assert } from 'vitest';
import type { ChatAnswer, ChatMessageDto, ClientToServerEvents, ServerToClientEvents } from '@jara/shared';
import type { App } from '../src/app.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A multipart body as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(file.field ?? 'attachment', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** A small real JPEG carrying EXIF with a GPS position (to prove it is stripped). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#fca326' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS-9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 23/1 59/1' },
    })
    .toBuffer();
}

export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 4, background: '#0b3f30' } })
    .png()
    .toBuffer();
}

/** Bytes that start like an MP4 file (ISO base media `ftyp` box), padded to `size`. */
export function fakeMp4(size = 2048): Buffer {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.write('isomiso2avc1mp41', 8 + 4, 'latin1');
  return buf;
}

export const HTML_AS_JPG = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const ELF_AS_JPG = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(256),
]);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

/** Starts the app on a free local port; returns its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return `http://127.0.0.1:${addr.port}`;
}

/** A real socket.io client with the browser's cookie; resolves once connected, rejects when refused. */
export function connect(url: string, cookie?: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(url, {
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next `event` on the socket (its arguments) that `match` accepts, or a rejection after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  ms = 3000,
  match: (...args: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (...args: unknown[]) => {
      if (!match(...(args as Parameters<ServerToClientEvents[E]>))) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(args as Parameters<ServerToClientEvents[E]>);
    };
    socket.on(event, handler as never);
  });
}

/** Collects every `event` on the socket from now on. */
export function collect<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[] {
  const seen: Parameters<ServerToClientEvents[E]>[] = [];
  socket.on(event, ((...args: Parameters<ServerToClientEvents[E]>) => seen.push(args)) as never);
  return seen;
}

export function joinRoom(
  socket: ClientSocket,
  chatId: string,
  userId?: string,
): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => socket.emit('join-room', chatId, userId, resolve));
}

/** Sends a chat message over HTTP as the user with the cookie. */
export async function sendChat(
  app: App,
  cookie: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/chat/send',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

/** The conversation's id, which it has once it holds a message. */
export function chatIdOf(answer: ChatAnswer): string {
  assert.isNotNull(answer.chat._id, 'the conversation has an id');
  return answer.chat._id;
}

/** The newest message of the conversation's page (which must hold one). */
export function lastMessage(answer: ChatAnswer): ChatMessageDto {
  const last = answer.chat.messages.at(-1);
  assert.isDefined(last, 'the conversation has a message');
  return last;
}

export async function supportReply(
  app: App,
  cookie: string,
  chatId: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: `/api/support/chats/${chatId}/reply`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}
