import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../../server/emulator/options.ts';

/** The real room sample (room 6346838, "The Lake"), or undefined with the reason when it is absent. */
export function loadRealRoom(): { room?: unknown; skip?: string } {
  const dir = findRealdata();
  if (!dir) return { skip: 'the real samples (../shared/realdata) are not present in this checkout' };
  try {
    const text = readFileSync(join(dir, 'roomstyler', 'room-6346838-the-lake.3dplanner.json'), 'utf8');
    return { room: JSON.parse(text) };
  } catch (error) {
    return { skip: `the real room sample could not be read: ${(error as Error).message}` };
  }
}
