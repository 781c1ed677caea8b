/**
 * The real samples the emulator serves when ../shared/realdata exists (never copied into the repo):
 * the model of room 6346838 and the six cube faces of panorama 18755.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function sampleRoomPath(realdataDir: string | null): string | null {
  if (!realdataDir) return null;
  const path = join(realdataDir, 'roomstyler', 'room-6346838-the-lake.3dplanner.json');
  return existsSync(path) ? path : null;
}

export function hasRealFaces(realdataDir: string | null): boolean {
  return !!realdataDir && existsSync(join(realdataDir, 'roomstyler', 'panorama-18755-cube', 'f.jpg'));
}

/** The sample's `model` member, as is (numbers as strings included). */
export function loadSampleModel(path: string): Record<string, unknown> {
  const room = JSON.parse(readFileSync(path, 'utf8')) as { model: Record<string, unknown> };
  return room.model;
}
