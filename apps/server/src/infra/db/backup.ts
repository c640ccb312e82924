import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from './client.js';

/**
 * Backups of the embedded database while it runs. Only the process holding the data folder may
 * open it, so `npm run db:backup` asks that process over a Unix socket inside the data folder
 * (whoever may read the folder may take a copy anyway; nothing listens on the network).
 */
const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

export const DATABASE_ARCHIVE = 'database.tar.gz';

/** Writes the database archive to `file` (aside first, then renamed: never half a backup). */
export async function writeDatabaseArchive(database: Database, file: string): Promise<number> {
  if (!database.dump) throw new Error('only the embedded database is backed up this way; use pg_dump for PostgreSQL');
  const blob = await database.dump();
  const data = Buffer.from(await blob.arrayBuffer());
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  await writeFile(tmp, data);
  await rename(tmp, file);
  return data.length;
}

/** In the server: answers backup requests on the data folder's control socket. */
export async function serveBackups(database: Database, dataDir: string, log: Logger): Promise<Server | null> {
  const socket = controlSocketPath(dataDir);
  // Unix socket paths are limited to about 107 bytes.
  if (Buffer.byteLength(socket) > 100) {
    log.warn(
      { socket },
      'data folder path too long for the backup socket: npm run db:backup works only while Jara is stopped',
    );
    return null;
  }
  // This process holds the folder's lock: a socket file left here is from a dead process.
  rmSync(socket, { force: true });
  let busy = false;
  const server = createServer((conn) => {
    let line = '';
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (chunk: string) => {
      line += chunk;
      if (!line.includes('\n') || line.length > 4096) return;
      const reply = (body: object) => conn.end(`${JSON.stringify(body)}\n`);
      let request: { op?: string; file?: string };
      try {
        request = JSON.parse(line.slice(0, line.indexOf('\n'))) as typeof request;
      } catch {
        return reply({ ok: false, error: 'bad request' });
      }
      if (request.op !== 'backup' || typeof request.file !== 'string' || !path.isAbsolute(request.file))
        return reply({ ok: false, error: 'bad request' });
      if (busy) return reply({ ok: false, error: 'a backup is already being written' });
      busy = true;
      const started = Date.now();
      writeDatabaseArchive(database, request.file)
        .then((bytes) => {
          log.info({ file: request.file, bytes, ms: Date.now() - started }, 'database backup written');
          reply({ ok: true, bytes });
        })
        .catch((err: unknown) => {
          log.error({ err }, 'database backup failed');
          reply({ ok: false, error: err instanceof Error ? err.message : String(err) });
        })
        .finally(() => (busy = false));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  // Only this user may ask (the request names a file for the server to write).
  chmodSync(socket, 0o600);
  server.on('close', () => rmSync(socket, { force: true }));
  return server;
}

/** In `npm run db:backup`: asks the running server for an archive; null when no server answers. */
export async function requestBackup(dataDir: string, file: string): Promise<{ bytes: number } | null> {
  const socket = controlSocketPath(dataDir);
  if (!existsSync(socket)) return null;
  return new Promise((resolve, reject) => {
    const conn = createConnection(socket);
    let answer = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ op: 'backup', file })}\n`));
    conn.on('data', (c: string) => (answer += c));
    conn.on('error', (err: NodeJS.ErrnoException) => {
      // Nobody listening: the socket is a leftover and the database is not in use.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    conn.on('end', () => {
      try {
        const r = JSON.parse(answer) as { ok: boolean; bytes?: number; error?: string };
        if (r.ok) resolve({ bytes: r.bytes ?? 0 });
        else reject(new Error(`the running server could not write the backup: ${r.error}`));
      } catch {
        reject(new Error('the running server gave no answer to the backup request'));
      }
    });
  });
}

/**
 * Copies the uploaded files after the database archive: files are written once under new names
 * before any row points at them, so every file the archive refers to is already there.
 * Resized copies (cache/) are left out: they are made again on demand.
 */
export async function copyUploads(from: string, to: string): Promise<boolean> {
  try {
    if (!(await stat(from)).isDirectory()) return false;
  } catch {
    return false;
  }
  await rm(to, { recursive: true, force: true });
  await cp(from, to, {
    recursive: true,
    filter: (src) => path.relative(from, src).split(path.sep)[0] !== 'cache' && !src.endsWith('.tmp'),
  });
  return true;
}
