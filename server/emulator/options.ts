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

export function resolveOptions(options: EmulatorOptions = {}): ResolvedEmulatorOptions {
  const envRooms = Number(process.env.ROOMS);
  return {
    seed: options.seed ?? (Number(process.env.SEED) || 20261122),
    rooms: Math.max(1, options.rooms ?? (envRooms > 0 ? envRooms : 500)),
    realdataDir: findRealdata(options.realdataDir),
  };
}
