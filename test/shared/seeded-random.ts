/**
 * A small seeded random generator (mulberry32) for fuzz tests in node and in the browser: every run
 * draws the same cases, and a failure that prints its seed can be replayed. It is the emulators' own
 * generator (a module without imports, so the browser can load it too).
 */
export { createRandom as seededRandom } from '../../server/emulator/shared/random.ts';
