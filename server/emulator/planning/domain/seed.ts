/**
 * The deterministic starting data of the planning emulator: two users and their projects. The demo
 * user owns the real FML projects (when ../shared/realdata is present) and generated ones; project
 * 186997360 always exists (real geometry when available, generated otherwise) so the demo and the
 * tests can name it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_A_ID, ACCOUNT_B_ID } from './accounts.ts';
import { floorsFromFml, generatedDesign, rng } from './plan-geometry.ts';
import type { ProjectRecord } from './records.ts';

/** The owners of the seeded projects: account A (the demo user) and account B (see accounts.ts). */
export const DEMO_USER = { id: ACCOUNT_A_ID, email: 'demo@planner.example' } as const;
export const OTHER_USER = { id: ACCOUNT_B_ID, email: 'other@planner.example' } as const;
export const REAL_PROJECT_ID = 186997360;
/**
 * The made-up home (demo-home.ts) under an id of its own, generated whether the real samples are
 * present or not: the demo's "walk through the plan" section and the walk tests show it.
 */
export const DEMO_HOME_ID = 29250001;

/** The service's default room type sets (user_id null, is_default true), ids 1 to 3. */
export function defaultRoomTypeSets() {
  const stamp = '2026-01-01T00:00:00.000Z';
  return ['Residential', 'Office', 'Retail'].map((name, i) => ({
    id: i + 1,
    set_name: name,
    user_id: null,
    is_default: true,
    deleted_at: null,
    created_at: stamp,
    updated_at: stamp,
  }));
}

const STREETS = [
  'Portveien 2',
  'Tryms Vei 2',
  'Keizersgracht 118',
  'Oudegracht 41',
  'Vondelstraat 7',
  'Lange Voorhout 3',
  'Nieuwe Binnenweg 220',
  'Wilhelminapark 12',
  'Zeedijk 5',
  'Boterstraat 19',
  'Havenstraat 64',
  'Molenweg 8',
];

const BASE_TIME = Date.UTC(2026, 5, 1, 9, 0, 0);

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function shortToken(random: () => number, length = 6): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** A generated project with one design per floor. Ids of floors, designs and cameras derive from the project id. */
export function generatedProject(
  id: number,
  userId: number,
  name: string,
  seed: number,
  floorNames: string[],
  createdAt: number,
  ids?: { floors: number[]; designs: number[] },
): ProjectRecord {
  const random = rng(seed ^ id);
  const stamp = iso(createdAt);
  return {
    id,
    userId,
    public: false,
    name,
    description: null,
    projectUrl: shortToken(random),
    externalIdentifier: null,
    enableAutosave: false,
    exportedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    source: 'generated',
    deleted: false,
    floors: floorNames.map((floorName, level) => {
      const floorId = ids?.floors[level] ?? id * 10 + level;
      const designId = ids?.designs[level] ?? id * 10 + 5 + level;
      return {
        id: floorId,
        name: floorName,
        level,
        height: 280,
        createdAt: stamp,
        updatedAt: stamp,
        cameras: [],
        designs: [
          generatedDesign(
            designId,
            'First design',
            seed + level * 7919 + id,
            designId + 1,
            level,
            floorNames.length,
          ),
        ],
      };
    }),
  };
}

function realProjects(realdataDir: string | null, userId: number): ProjectRecord[] {
  if (!realdataDir) return [];
  const dir = join(realdataDir, 'floorplanner', 'fml-json-v3');
  if (!existsSync(dir)) return [];
  const out: ProjectRecord[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.fml.json')) continue;
    try {
      const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      if (!Number.isInteger(doc.id)) continue;
      const floors = floorsFromFml(doc);
      const created = floors.map((f) => f.createdAt).sort()[0] ?? iso(BASE_TIME);
      const updated =
        floors
          .map((f) => f.updatedAt)
          .sort()
          .at(-1) ?? created;
      out.push({
        id: doc.id as number,
        userId,
        public: doc.public === true,
        name: String(doc.name ?? 'Project'),
        description: null,
        projectUrl: shortToken(rng(doc.id as number)),
        externalIdentifier: null,
        enableAutosave: true,
        exportedAt: null,
        createdAt: created,
        updatedAt: updated,
        floors,
        source: 'fml',
        deleted: false,
      });
    } catch {
      // a broken sample is skipped: the emulator must start without it
    }
  }
  return out;
}

export function seedProjects(seed: number, realdataDir: string | null): ProjectRecord[] {
  const random = rng(seed);
  const projects = realProjects(realdataDir, DEMO_USER.id);
  if (!projects.some((p) => p.id === REAL_PROJECT_ID)) {
    // Same ids as the real document, so a client written against the demo works in both cases.
    projects.push(
      generatedProject(
        REAL_PROJECT_ID,
        DEMO_USER.id,
        'Amstelveenseweg 1092 A, Amsterdam',
        seed,
        ['Begane grond', 'Eerste verdieping'],
        Date.UTC(2026, 5, 17, 10, 11, 32),
        { floors: [288407800, 288407836], designs: [305031409, 305031445] },
      ),
    );
  }
  projects.push(
    generatedProject(
      DEMO_HOME_ID,
      DEMO_USER.id,
      'Tuinstraat 1 (demo home)',
      seed,
      ['Begane grond', 'Eerste verdieping'],
      BASE_TIME + 86_400_000,
    ),
  );
  STREETS.forEach((street, i) => {
    const id = 29261000 + i * 37 + Math.floor(random() * 30);
    const floors = i % 3 === 0 ? ['Ground floor', 'First floor'] : ['Ground floor'];
    projects.push(generatedProject(id, DEMO_USER.id, street, seed, floors, BASE_TIME - i * 86_400_000));
  });
  const neighbour = generatedProject(
    29200001,
    OTHER_USER.id,
    "Neighbour's house",
    seed,
    ['Ground floor'],
    BASE_TIME,
  );
  const showcase = generatedProject(
    29200002,
    OTHER_USER.id,
    'Public showcase',
    seed,
    ['Ground floor'],
    BASE_TIME,
  );
  showcase.public = true;
  projects.push(neighbour, showcase);
  return projects;
}
