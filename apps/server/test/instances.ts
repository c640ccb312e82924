import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Instance {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited(): Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server as `npm start` does (src/main.ts), as a separate process, on a free port. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jara-instance-')),
      WEB_DIST: path.join(tmpdir(), 'jara-no-web'),
      ENV_FILE: '/dev/null',
      // As in buildTestApp: tests about delivery hours set them; the rest run at any hour.
      DELIVERY_HOURS: '00:00-24:00',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    exited: () => exit,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exit;
    },
  };
}

/** Polls `path` until it answers 200; throws with the instance's output if it exits or times out. */
export async function waitFor(instance: Instance, urlPath = '/api/health', timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null)
      throw new Error(`instance exited with ${instance.child.exitCode}:\n${instance.output()}`);
    try {
      const res = await fetch(instance.url + urlPath, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance did not answer ${urlPath} within ${timeoutMs} ms:\n${instance.output()}`);
}

/** Runs a command-line tool (src/cli/NAME.ts) as `npm run` would, in a process of its own. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ENV_FILE: '/dev/null',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
