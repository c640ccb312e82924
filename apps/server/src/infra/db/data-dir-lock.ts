import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on the embedded database's folder, which only one process may open.
 *
 * The lock file records who holds it (process id, host, the process's start time and the
 * kernel's boot id). A holder that no longer runs does not count, so a process manager can
 * restart Jara at once after a crash (SIGKILL, power loss), while a second live process is
 * still refused. Only a holder on another host (a shared network folder) cannot be asked; for
 * it the lock's heartbeat decides: the holder touches the file every few seconds.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux); tells a reused pid apart. */
  start: string | null;
  /** Changes at every boot (Linux): a lock from before a reboot is stale. */
  bootId: string | null;
  since: string;
}

export interface LockOptions {
  /** How often the holder touches the lock file. */
  heartbeatMs?: number;
  /** After how long without a heartbeat a holder on another host counts as gone. */
  foreignStaleMs?: number;
}

export class LockHeldError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder | null,
  ) {
    super(`${lockPath} is held by ${holder ? `process ${holder.pid} on ${holder.host}` : 'another process'}`);
  }
}

/** Paths this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

function readProcStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    host: hostname(),
    start: readProcStat(process.pid)?.start ?? null,
    bootId: bootId(),
    since: new Date().toISOString(),
  };
}

/** Whether the recorded holder still runs; `null` when this host cannot tell (another host). */
function holderAlive(h: LockHolder): boolean | null {
  if (h.host !== hostname()) return null;
  const boot = bootId();
  if (h.bootId && boot && h.bootId !== boot) return false;
  // Our own pid in a lock we do not hold: a previous run of this container or service had it.
  if (h.pid === process.pid) return false;
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    // EPERM: it runs, under another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const proc = readProcStat(h.pid);
  if (proc) {
    // A killed process that its parent has not reaped yet is a zombie: it holds nothing.
    if (proc.state === 'Z' || proc.state === 'X') return false;
    if (h.start && proc.start !== h.start) return false;
  }
  return true;
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(lockPath, 'utf8')) as LockHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

function ageMs(p: string): number | null {
  try {
    return Date.now() - statSync(p).mtimeMs;
  } catch {
    return null;
  }
}

/** Writes the holder record to a private file, then links it into place: atomic and never half-written. */
function tryCreate(lockPath: string, me: LockHolder): boolean {
  const tmp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, JSON.stringify(me));
  try {
    linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Takes the lock at `lockPath` or throws LockHeldError. Returns the release function; the
 * heartbeat timer does not keep the process alive.
 */
export function acquireLock(lockPath: string, opts: LockOptions = {}): () => Promise<void> {
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const foreignStaleMs = opts.foreignStaleMs ?? 30_000;
  const key = path.resolve(lockPath);
  if (held.has(key)) throw new LockHeldError(lockPath, currentHolder());
  const me = currentHolder();
  const mutex = `${lockPath}.takeover`;

  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lockPath, me)) break;
    let isDir = false;
    try {
      isDir = statSync(lockPath).isDirectory();
    } catch {
      if (attempt < 10) continue; // released meanwhile: try again
      throw new LockHeldError(lockPath, null);
    }
    const holder = isDir ? null : readHolder(lockPath);
    const age = ageMs(lockPath) ?? 0;
    const alive = holder ? holderAlive(holder) : null;
    // Unknowable holders (another host, a lock left by an older Jara as a folder, a record we
    // cannot read) count as alive until their heartbeat stops.
    const stale = alive === false || (alive === null && age > foreignStaleMs);
    if (!stale || attempt >= 3) throw new LockHeldError(lockPath, holder);
    // Two processes may find the same stale lock: the takeover is serialised by a folder
    // (mkdir is atomic), and the lock is checked again inside it before it is removed.
    try {
      mkdirSync(mutex);
    } catch {
      if ((ageMs(mutex) ?? 0) > 10_000) rmSync(mutex, { recursive: true, force: true });
      throw new LockHeldError(lockPath, holder);
    }
    try {
      const again = isDir ? null : readHolder(lockPath);
      if (JSON.stringify(again) === JSON.stringify(holder)) {
        if (isDir) rmSync(lockPath, { recursive: true, force: true });
        else unlinkSync(lockPath);
      }
    } catch {
      /* gone already */
    } finally {
      rmdirSync(mutex);
    }
  }

  held.add(key);
  const beat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch {
      /* the folder went away; nothing to keep fresh */
    }
  }, heartbeatMs);
  beat.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(beat);
    held.delete(key);
    // Remove the file only while it is still ours.
    const h = readHolder(lockPath);
    if (h && h.pid === me.pid && h.since === me.since && h.host === me.host) rmSync(lockPath, { force: true });
  };
}
