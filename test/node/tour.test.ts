/**
 * buildTour() (src/model/tour): stops, links and bearings, on the made-up four-camera home
 * (test/fixtures/tour-home.ts, links checked by hand) and on real project 186997360 (links checked by an
 * independent oracle: points every 0.5 cm along each pair's segment tested against every wall's
 * rectangle and its door gaps). Then bad input: no cameras and no named rooms, a camera outside every room.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import { readFml, pointInRing, type FmlPlan } from '../../src/model/index.ts';
import { buildTour, crossesWall, type Tour, type TourStop } from '../../src/model/tour/index.ts';
import { tourHome, TOUR_HOME_CAMERAS, TOUR_HOME_LINKS } from '../fixtures/tour-home.ts';
import { angleGap, bearing, oracleBlocked } from '../shared/tour-oracle.ts';

const read = (doc: unknown): FmlPlan => readFml(doc).plan;
const byName = (tour: Tour, name: string): TourStop => {
  const stop = tour.stops.find((s) => s.name === name);
  assert.ok(stop, `a stop named ${name}`);
  return stop;
};
const linked = (tour: Tour, a: string, b: string) => tour.links.some((l) => l.from === a && l.to === b);

describe('tour of the made-up four-camera home', () => {
  const plan = read(tourHome());
  const tour = buildTour(plan);

  it('has a stop at each walkthrough camera and one in the named room without a camera', () => {
    assert.deepEqual(tour.stops.map((s) => [s.name, s.source]).sort(), [
      ['Berging', 'area'],
      ['Hal', 'camera'],
      ['Keuken', 'camera'],
      ['Slaapkamer', 'camera'],
      ['Woonkamer', 'camera'],
    ]);
    for (const [name, at] of Object.entries(TOUR_HOME_CAMERAS)) {
      const stop = byName(tour, name);
      // FML draws y down; the model frame has y up
      assert.deepEqual(stop.position, [at.x, -at.y, 160], name);
    }
    // the room without a camera: its centre, at eye height
    const berging = byName(tour, 'Berging');
    assert.ok(Math.abs(berging.position[0] - 900) < 2 && Math.abs(berging.position[1] + 150) < 2);
    assert.equal(berging.position[2], 160);
    assert.equal(tour.problems.length, 0);
  });

  it('turns each camera stop the way its camera looks (yaw clockwise from up the plan)', () => {
    assert.equal(Math.round(byName(tour, 'Keuken').yaw), 90); // FML dx 1: east
    assert.equal(Math.round(byName(tour, 'Woonkamer').yaw), 0); // FML dy -1: up the plan
    assert.equal(Math.round(byName(tour, 'Hal').yaw), -90);
  });

  it('links two stops exactly when no wall stands between them but through a door', () => {
    const names = tour.stops.map((s) => s.name);
    const want = new Set(TOUR_HOME_LINKS.flatMap(([a, b]) => [`${a}>${b}`, `${b}>${a}`]));
    for (const a of names)
      for (const b of names) {
        if (a === b) continue;
        const has = linked(tour, byName(tour, a).id, byName(tour, b).id);
        assert.equal(has, want.has(`${a}>${b}`), `${a} → ${b}`);
      }
  });

  it('gives each link its true bearing (within 1°), the spot the target stands on, and the distance', () => {
    for (const link of tour.links) {
      const a = tour.stops.find((s) => s.id === link.from)!;
      const b = tour.stops.find((s) => s.id === link.to)!;
      assert.ok(
        angleGap(link.yaw, bearing(a, b)) < 1,
        `${a.name} → ${b.name}: ${link.yaw} vs ${bearing(a, b)}`,
      );
      const d = Math.hypot(b.position[0] - a.position[0], b.position[1] - a.position[1]);
      assert.ok(Math.abs(link.distance - d) < 1e-6);
      const down = (Math.atan2(-a.position[2], d) * 180) / Math.PI;
      assert.ok(Math.abs(link.pitch - down) < 1e-6 && link.pitch < 0);
    }
    const k = byName(tour, 'Keuken');
    const h = byName(tour, 'Hal');
    const toHal = tour.links.find((l) => l.from === k.id && l.to === h.id)!;
    assert.equal(Math.round(toHal.yaw), 90);
    assert.equal(Math.round(toHal.distance), 400);
  });

  it('does not walk through a window, but does through a door, and a thickness-0 divider is no wall', () => {
    const [w] = plan.floors[0]!.designs[0]!.walls.filter((x) => x.openings.some((o) => o.kind === 'window'));
    // the wall at y = -300 (model frame): window around x = 500, door around x = 650
    assert.equal(crossesWall([500, -100], [500, -500], w!), true, 'through the window');
    assert.equal(crossesWall([650, -100], [650, -500], w!), false, 'through the door');
    assert.equal(crossesWall([300, -100], [300, -500], w!), false, 'beside the wall');
    assert.equal(crossesWall([500, -100], [500, -500], { ...w!, thickness: 0 }), false, 'a divider');
  });
});

describe('tour of real project 186997360', () => {
  const root = findRealdata();
  const file =
    root && join(root, 'floorplanner', 'fml-json-v3', 'project-186997360-amstelveenseweg-1092a.fml.json');
  let doc: unknown;
  try {
    doc = file ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    doc = undefined;
  }
  const skip = doc ? false : 'the real samples (../shared/realdata) are not present in this checkout';

  it(
    'has a stop at each walkthrough camera in a room, one per other named room, and links iff no wall between',
    { skip },
    () => {
      const plan = read(doc);
      const tour = buildTour(plan);
      plan.floors.forEach((floor, f) => {
        const design = floor.designs[0]!;
        const stops = tour.stops.filter((s) => s.floor === f);
        const inRoom = (x: number, y: number) => design.areas.some((a) => pointInRing([x, y], a.polygon));
        const cameras = [...design.cameras, ...floor.cameras].filter((c) => c.type === 'walkthrough');
        const shown = cameras.filter((c) => inRoom(c.position[0], c.position[1]));
        assert.equal(
          stops.filter((s) => s.source === 'camera').length,
          shown.length,
          `floor ${f} camera stops`,
        );
        // on the ground floor the design's walkthrough camera stands outside every room (a problem below) and
        // the floor's own in the living room; upstairs the design's stands on the landing
        assert.ok(shown.length >= 1);
        // every named room has a stop in it
        for (const area of design.areas.filter((a) => a.name?.trim())) {
          const held = stops.some((s) => pointInRing([s.position[0], s.position[1]], area.polygon));
          assert.ok(held, `floor ${f}: a stop in ${area.name}`);
        }
        for (const a of stops)
          for (const b of stops) {
            if (a === b) continue;
            const blocked = oracleBlocked(
              [a.position[0], a.position[1]],
              [b.position[0], b.position[1]],
              design.walls,
            );
            assert.equal(linked(tour, a.id, b.id), !blocked, `floor ${f}: ${a.name} → ${b.name}`);
          }
      });
      // a real home: rooms are reached through doors
      assert.ok(tour.links.length >= 4, `${tour.links.length} links`);
      for (const link of tour.links) {
        const a = tour.stops.find((s) => s.id === link.from)!;
        const b = tour.stops.find((s) => s.id === link.to)!;
        assert.ok(angleGap(link.yaw, bearing(a, b)) < 1);
      }
      // the camera outside every room: said, not shown
      assert.ok(tour.problems.some((p) => p.kind === 'camera-outside'));
    },
  );
});

describe('tour of bad input', () => {
  it('no cameras and no named rooms: no stops and a worded problem, no throw', () => {
    const doc = tourHome();
    const design = doc.floors[0]!.designs[0]!;
    design.cameras = [];
    for (const area of design.areas) (area as { name?: string }).name = '';
    const tour = buildTour(read(doc));
    assert.deepEqual(tour.stops, []);
    assert.deepEqual(tour.links, []);
    assert.equal(tour.problems[0]?.kind, 'no-stops');
    assert.match(tour.problems[0]!.message, /nothing to tour/);
  });

  it('a camera outside every room is left out and named; the rest of the tour stands', () => {
    const doc = tourHome();
    doc.floors[0]!.designs[0]!.cameras.push({
      name: '<b>Tuin</b>',
      type_name: 'walkthrough',
      fov: 60,
      x: 1500,
      y: 1500,
      z: 160,
      dx: 1,
      dy: 0,
      dz: 0,
      ux: 0,
      uy: 0,
      uz: 1,
    });
    const tour = buildTour(read(doc));
    assert.equal(tour.stops.length, 5);
    const problem = tour.problems.find((p) => p.kind === 'camera-outside');
    assert.equal(problem?.subject, '<b>Tuin</b>');
    assert.match(problem!.message, /outside every room/);
  });

  it('an empty or broken plan gives a tour with a problem, never a throw', () => {
    for (const input of [{}, { floors: [] }, { floors: [{ designs: [] }] }, 'not fml']) {
      const tour = buildTour(readFml(input).plan);
      assert.equal(tour.stops.length, 0);
      assert.ok(tour.problems.length >= 1);
    }
  });
});
