/**
 * Child processes on loopback for the tests and the load bench: a free port, waiting until a child
 * listens, and the arguments of a throwaway redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** A port on 127.0.0.1 that was free a moment ago (the OS picked it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `port` accepts a connection; throws when `child` exits first or `timeoutMs` passes
 * (the message ends with the child's `output()`, to say why).
 */
export async function waitForPort(
  port: number,
  child: ChildProcess,
  name: string,
  output: () => string,
  { timeoutMs = 30_000, pollMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline)
      throw new Error(`${name} did not listen on ${port} within ${timeoutMs / 1000} s: ${output()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** redis-server arguments for a throwaway instance on 127.0.0.1:`port`, without persistence. */
export function redisArgs(port: number, ...more: string[]): string[] {
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...more];
}

/** A throwaway redis-server on 127.0.0.1:`port` (`more`: extra arguments, later ones win), listening. */
export async function spawnRedis(port: number, ...more: string[]): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, redisArgs(port, ...more), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  try {
    await waitForPort(port, child, 'redis-server', () => output, { timeoutMs: 10_000, pollMs: 50 });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

/** Stops a child (woken first, if a test paused it with SIGSTOP) and resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  });
}
