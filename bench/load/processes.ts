/**
 * The processes of the load run, all on 127.0.0.1: a throwaway redis-server, the planning emulator
 * and the partner instances, each a child process (so each instance's memory is its own), started on
 * ports chosen beforehand and killed at the end whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, redisArgs, REDIS_SERVER, waitForPort } from '../../test/node/helpers/processes.ts';

export { freePort, REDIS_SERVER };

export interface Started {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** The last lines the process printed. */
  output(): string;
}

const children: ChildProcess[] = [];

/** Starts `command` and waits until it listens on `port`. */
export async function start(
  name: string,
  port: number,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Started> {
  let output = '';
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  const keep = (d: Buffer) => (output = (output + d).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitForPort(port, child, name, () => output);
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output };
}

/**
 * A redis-server on a free port (or `port`, for a restart), persisting every write to `dir` (an
 * append-only file), so the chaos run can stop and restart it as a production Redis would be and
 * lose no session.
 */
export async function startRedis(dir: string, port?: number): Promise<Started> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(
      `redis-server not found at ${REDIS_SERVER}: apt-get install redis-server, or set REDIS_SERVER`,
    );
  const at = port ?? (await freePort());
  return start(
    'redis',
    at,
    REDIS_SERVER,
    redisArgs(
      at,
      '--maxmemory',
      '256mb',
      '--maxmemory-policy',
      'volatile-ttl',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
    ),
  );
}

/** Stops one child (SIGTERM, SIGKILL after 3 s) and waits for it to exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A tsx child running `script` (a file beside this one). LOAD_CPU_PROF=<dir> profiles it
 * (`node --cpu-prof`, .cpuprofile files in <dir>/<name>/, written when it exits).
 */
export function startScript(
  name: string,
  port: number,
  script: string,
  env: Record<string, string>,
  /** Node and V8 flags, e.g. the heap cap of a partner instance. */
  nodeArgs: string[] = [],
) {
  // a folder per process: the main thread and tsx's loader thread each write a profile there
  const profile = process.env.LOAD_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}/${name.replace(/\W+/g, '-')}`]
    : [];
  return start(
    name,
    port,
    process.execPath,
    [...nodeArgs, ...profile, '--import', 'tsx', new URL(script, import.meta.url).pathname],
    { ...env, PORT: String(port) },
  );
}

/** Asks a child for a figure over IPC (memory peaks); undefined after `timeoutMs`. */
export function ask<T>(child: ChildProcess, question: string, timeoutMs = 5000): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    const onMessage = (message: { answer?: string; value?: T }) => {
      if (message?.answer !== question) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.value);
    };
    child.on('message', onMessage);
    child.send({ question });
  });
}

/** Kills every child started here (also on an exception or a deadline). */
export async function stopAll(): Promise<void> {
  await Promise.all(children.splice(0).map(stop));
}
