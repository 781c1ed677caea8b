import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface EmulatorOptions {
  /** Seed of the generated data set: the same seed gives the same rooms, users and projects. */
  seed?: number;
  /** How many rooms to generate (default 500, or ROOMS from the environment). */
  rooms?: number;
  /**
   * The folder of real samples (../shared/realdata beside the checkout). null: serve generated data
   * only. Default: REALDATA_DIR from the environment, else ../shared/realdata when it exists.
   */
  realdataDir?: string | null;
}

export interface ResolvedEmulatorOptions {
  seed: number;
  rooms: number;
  realdataDir: string | null;
}

const DEFAULT_REALDATA = fileURLToPath(new URL('../../../shared/realdata', import.meta.url));

/** Where the real samples are, or null when this is a plain clone without them. */
export function findRealdata(explicit?: string | null): string | null {
  if (explicit === null) return null;
  const candidate = explicit ?? process.env.REALDATA_DIR ?? DEFAULT_REALDATA;
  return existsSync(candidate) ? candidate : null;
}

/** Most rooms a data set may hold: the set is made at start-up and kept in memory. */
export const MAX_ROOMS = 50_000;

/** A whole number of rooms from 1 to MAX_ROOMS; what is not a number ('abc', NaN) is the default 500. */
function roomCount(value: unknown): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(MAX_ROOMS, Math.max(1, n)) : 500;
}

export function resolveOptions(options: EmulatorOptions = {}): ResolvedEmulatorOptions {
  return {
    seed: options.seed ?? (Number(process.env.SEED) || 20261122),
    rooms: roomCount(options.rooms ?? (process.env.ROOMS?.trim() || 500)),
    realdataDir: findRealdata(options.realdataDir),
  };
}

/**
 * Limits of the emulator's HTTP server (`npm run emulator`), so a client cannot hold it with many idle
 * or slow connections: at most `maxConnections` sockets at once (more are closed on arrival), the
 * headers within `headersTimeout` ms and the whole request, body included, within `requestTimeout`
 * ms (408 otherwise), idle keep-alive sockets closed after `keepAliveTimeout` ms. Responses are not
 * limited: a delayed fault or a long download is not cut.
 */
export interface ServerLimits {
  maxConnections: number;
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
}

export function serverLimitsFromEnv(env: Record<string, string | undefined> = process.env): ServerLimits {
  const whole = (value: string | undefined, fallback: number) => {
    const n = Math.floor(Number(value));
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const requestTimeout = whole(env.EMULATOR_REQUEST_TIMEOUT, 30_000);
  return {
    maxConnections: whole(env.EMULATOR_MAX_CONNECTIONS, 1024),
    headersTimeout: Math.min(requestTimeout, whole(env.EMULATOR_HEADERS_TIMEOUT, 10_000)),
    requestTimeout,
    keepAliveTimeout: whole(env.EMULATOR_KEEP_ALIVE_TIMEOUT, 5_000),
  };
}

/** The options of http.createServer that enforce the limits (the timeouts are checked every second). */
export function serverOptions(limits: ServerLimits) {
  return {
    headersTimeout: limits.headersTimeout,
    requestTimeout: limits.requestTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeout),
  };
}

/** What cannot be set through createServer's options. */
export function applyServerLimits(server: { maxConnections: number }, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
