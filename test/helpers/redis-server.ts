/**
 * A real redis-server for the queue tests: on 127.0.0.1, a free port, no persistence, in a temporary
 * folder. A machine without redis-server fails the test with what to install (CI installs it in
 * .ci/run); there is no mock.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  port: number;
  url: string;
  /** SIGKILLs the server (its data is gone: no persistence) */
  kill(): Promise<void>;
  /** a new, empty server on the same port */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel's choice), for a server or for a refused connection. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

function pings(port: number): Promise<boolean> {
  return new Promise((done) => {
    const sock = new Socket();
    const end = (ok: boolean) => {
      sock.destroy();
      done(ok);
    };
    sock.setTimeout(500, () => end(false));
    sock.once('error', () => end(false));
    sock.connect(port, '127.0.0.1', () => sock.write('PING\r\n'));
    sock.once('data', (d) => end(d.toString().startsWith('+PONG')));
  });
}

async function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  for (let i = 0; i < 200 && !(await pings(port)); i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} on port ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  if (!(await pings(port))) throw new Error(`redis-server did not answer on port ${port}`);
  return child;
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function startRedis(): Promise<TestRedis> {
  const v = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (v.error || v.status !== 0)
    throw new Error('redis-server is not installed: the queue tests need a real Redis (apt-get install redis-server; .ci/run installs it)');
  const dir = mkdtempSync(join(tmpdir(), 'nh-redis-'));
  const port = await freePort();
  let child = await launch(port, dir);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: () => killChild(child),
    restart: async () => {
      await killChild(child);
      child = await launch(port, dir);
    },
    stop: async () => {
      await killChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
