/**
 * Which exported panorama a `<room-tour>` stop shows (src/elements/room-tour/stop-panoramas.ts), end to end
 * from the emulator: project 186997360's export of its three walkthrough cameras, all named "Camera 2" (the
 * ground floor's own, its design's outside every room, the upstairs design's), read by the planning client
 * and matched to the tour built from the project's FML by floor and place, not by name alone. Then the
 * entries a page could hand it that are not usable: no image URLs, another floor, another place.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findRealdata } from '../../server/emulator/options.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import { exportPanoramas, showProjectFml } from '../../src/api/planning/index.ts';
import { StopPanoramas, type ExportedPanorama } from '../../src/elements/room-tour/stop-panoramas.ts';
import { readFml } from '../../src/model/index.ts';
import { buildTour } from '../../src/model/tour/index.ts';
import type { TourStop } from '../../src/model/tour/types.ts';
import { demoServerForSuite } from './partner-setup.ts';

const REAL = 186997360;
const faces = (tag: string) =>
  Object.fromEntries(
    ['r', 'd', 'l', 'u', 'b', 'f'].map((f) => [f, `https://planner.example/${tag}/${f}.jpg`]),
  ) as ExportedPanorama['faces'];
const matcher = (entries: unknown) =>
  new StopPanoramas(
    () => undefined,
    () => entries as ExportedPanorama[],
    () => 64,
  );

describe('<room-tour> stops and the exported panoramas they show', () => {
  const demo = demoServerForSuite();

  it(
    'project 186997360: each camera stop gets its own camera\'s export though all three are "Camera 2"',
    {
      skip: findRealdata() ? false : 'the real samples (../shared/realdata) are not present in this checkout',
    },
    async () => {
      // a generous wait: the emulator renders the export on this machine (over 15 s, the client's default, at load 30)
      const ctx = {
        base: `${demo.url}/planning/api/v2`,
        auth: apiKey('demo-key'),
        retries: 0,
        timeout: 120_000,
      };
      const fml = await showProjectFml(ctx, REAL);
      const { panoramas } = await exportPanoramas(ctx, REAL, { callback: 'tour@partner.example', size: 16 });
      assert.equal(panoramas.length, 3);
      assert.ok(panoramas.every((p) => p.camera === 'Camera 2'));
      const tour = buildTour(readFml(fml).plan);
      const stops = tour.stops.filter((s) => s.source === 'camera');
      assert.deepEqual(
        stops.map((s) => s.id),
        ['f0-camera-1', 'f1-camera-0'],
      );
      const match = matcher(panoramas);
      const shown = (stop: TourStop) => panoramas.find((p) => p.faces.f === match.exportOf(stop)?.f);
      // the ground floor's stop is the floor's own camera (332402632, in the living room), not the design's
      assert.equal(shown(stops[0]!)?.cameraId, 332402632);
      assert.equal(shown(stops[1]!)?.cameraId, 30503144502);
      // a stop in a room without a camera has no export
      assert.equal(match.exportOf(tour.stops.find((s) => s.source === 'area')!), undefined);
    },
  );

  it('takes an entry only on its floor and within 5 cm, and calls one without image URLs malformed', () => {
    const stop: TourStop = {
      id: 'f1-camera-0',
      name: 'Keuken',
      floor: 1,
      position: [100, -200, 160],
      yaw: 0,
      fov: 60,
      source: 'camera',
      camera: 'Keuken',
    };
    assert.equal(matcher([{ camera: 'Keuken', faces: faces('any') }]).exportOf(stop)?.f, faces('any').f);
    assert.equal(matcher([{ camera: 'Keuken', floor: 0, faces: faces('a') }]).exportOf(stop), undefined);
    assert.equal(
      matcher([{ camera: 'Keuken', floor: 1, position: [100, -206], faces: faces('a') }]).exportOf(stop),
      undefined,
      '6 cm away',
    );
    const two = matcher([
      { camera: 'Keuken', floor: 1, position: [103, -200], faces: faces('far') },
      { camera: 'Keuken', floor: 1, position: [101, -200], faces: faces('near') },
    ]);
    assert.equal(two.exportOf(stop)?.f, faces('near').f, 'the nearer of two');
    const bad = matcher([{ camera: 'Keuken', faces: { ...faces('x'), u: 'javascript:alert(1)' } }]);
    assert.equal(bad.exportOf(stop), undefined);
    assert.equal(bad.malformed(stop), true);
    for (const junk of [null, 'x', [null, 5, { camera: 'Keuken', position: ['a', 'b'], faces: faces('y') }]])
      assert.equal(matcher(junk).exportOf(stop), undefined, JSON.stringify(junk));
  });
});
