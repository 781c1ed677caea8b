/**
 * The Next.js consumer app (test/consumers/next/) as a retailer's app gets the package: the PACKED
 * TARBALL unpacked into the app's node_modules/room-elements, next/react/lit/three from this checkout's
 * node_modules (the app sits under bench/.tmp/, so Node finds them up the tree; Turbopack's root is the
 * checkout). Built for production (`next build`, Turbopack or `--webpack`) and served by `next start` on
 * 127.0.0.1, telemetry off and nothing fetched from the network.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, waitForPort } from './processes.ts';

const ROOT = resolve('.');
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next');

/** Why the app cannot be built here (next not installed), or undefined. */
export function nextMissing(): string | undefined {
  return existsSync(NEXT_BIN) ? undefined : 'the `next` package is not installed (npm install)';
}

export interface NextApp {
  origin: string;
  /** What `next build` printed (the bundler's name, the routes). */
  buildOutput: string;
  close(): void;
}

const env = (extra: Record<string, string>) => ({
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  ROOM_ELEMENTS_ROOT: ROOT,
  ...extra,
});

/** Builds the app with `bundler` into bench/.tmp/next-<bundler> and starts it; `apiBase` is the emulator. */
export async function startNextApp(bundler: 'turbopack' | 'webpack', apiBase: string): Promise<NextApp> {
  const dir = join(ROOT, `bench/.tmp/next-${bundler}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules/room-elements'), { recursive: true });
  cpSync(join(ROOT, 'test/consumers/next'), dir, { recursive: true });
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop() as string;
  execFileSync('tar', [
    '-xzf',
    join(dir, packed),
    '-C',
    join(dir, 'node_modules/room-elements'),
    '--strip-components=1',
  ]);
  const buildOutput = execFileSync(
    process.execPath,
    [NEXT_BIN, 'build', ...(bundler === 'webpack' ? ['--webpack'] : [])],
    { cwd: dir, env: env({}), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [NEXT_BIN, 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      cwd: dir,
      env: env({ ROOM_API_BASE: apiBase }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitForPort(port, child, 'next start', () => output);
  return {
    origin: `http://127.0.0.1:${port}`,
    buildOutput,
    close: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
