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
