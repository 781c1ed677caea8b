/**
 * Server-rendered pages for the SSR tests, built with room-elements/ssr (src/ssr/) in Node: the hand-made
 * sample (always there) and project 186997360's ground floor from ../shared/realdata (undefined when that
 * folder is absent). Served to the browser tests by web-test-runner.config.mjs (`/__ssr-page/<name>`) and
 * used as they are by the node tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { renderPlan } from '../../src/ssr/index.ts';
import { boxPlan, doorComponent } from './fixtures.ts';

/** A room name no page should ever run: it tries to close the island, a tag and an attribute. */
export const HOSTILE = `</script><img src=x onerror="globalThis.__pwned=1">"'&<!--`;

export const REAL_FML_PATH = new URL(
  '../../../shared/realdata/floorplanner/fml-json-v3/project-186997360-amstelveenseweg-1092a.fml.json',
  import.meta.url,
);

/** The real project's FML JSON, or undefined when ../shared/realdata is absent. */
export function realFml(): unknown {
  return existsSync(REAL_FML_PATH) ? JSON.parse(readFileSync(REAL_FML_PATH, 'utf8')) : undefined;
}

/** A 5 m × 4 m room with a door, two areas (one with a hostile name) and a sofa. */
export function sampleModel(): Record<string, unknown> {
  const plan = boxPlan(500, 400);
  plan.points.push([300, 0], [300, 400]);
  plan.areas = {
    area0: { indices: [0, 4, 5, 3], name: 'Living room' },
    area1: { indices: [4, 1, 2, 5], name: HOSTILE },
  };
  return {
    version: 2,
    plan,
    components: [
      doorComponent({ ID: 'door1', parentID: 'wall0', position: [150, 0, 0] }),
      {
        type: 'Component',
        ID: 'sofa1',
        component_id: 'sofa-hash-1',
        category: 'sofas',
        position: [120, 200, 0],
        rotation: [0, 0, 0],
        bounding_box: [
          [-90, -45, 0],
          [90, 45, 80],
        ],
      },
    ],
  };
}

export type PageName = 'plan-sample' | 'plan-real';

/** The element's server HTML for a page (undefined: the real data is absent). */
export async function ssrFragment(name: PageName): Promise<string | undefined> {
  if (name === 'plan-sample') return renderPlan({ model: sampleModel(), roomId: '900001', lang: 'en' });
  const fml = realFml();
  if (!fml) return undefined;
  return renderPlan({ fml, floor: 0, projectId: 186997360, lang: 'en' });
}
