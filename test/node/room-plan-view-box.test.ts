import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  panView,
  pointAt,
  unitsPerPixel,
  zoomOf,
  zoomView,
  type ViewBox,
} from '../../src/elements/room-plan/view-box.ts';
import { layoutLabels } from '../../src/elements/room-plan/drawing/labels.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';

const fit: ViewBox = { x: -100, y: -500, width: 1000, height: 600 };

describe('room-plan view arithmetic', () => {
  it('zooms about an anchor that stays put on screen', () => {
    const anchor: [number, number] = [200, -300];
    const zoomed = zoomView(fit, fit, 2, anchor);
    assert.equal(zoomed.width, 500);
    assert.equal(zoomed.height, 300);
    // the anchor keeps its relative position in the view
    assert.equal((anchor[0] - fit.x) / fit.width, (anchor[0] - zoomed.x) / zoomed.width);
    assert.equal((anchor[1] - fit.y) / fit.height, (anchor[1] - zoomed.y) / zoomed.height);
    assert.equal(zoomOf(zoomed, fit), 2);
  });

  it('keeps zoom within its limits and ignores nonsense factors', () => {
    let view = fit;
    for (let i = 0; i < 50; i++) view = zoomView(view, fit, 2);
    assert.equal(zoomOf(view, fit), MAX_ZOOM);
    for (let i = 0; i < 50; i++) view = zoomView(view, fit, 0.5);
    assert.ok(Math.abs(zoomOf(view, fit) - MIN_ZOOM) < 1e-9);
    assert.deepEqual(zoomView(fit, fit, NaN), fit);
    assert.deepEqual(zoomView(fit, fit, -1), fit);
    assert.deepEqual(panView(fit, fit, Infinity, 0), fit);
  });

  it('pans, but never so far that the plan leaves the view', () => {
    const moved = panView(fit, fit, 100, -50);
    assert.deepEqual(moved, { ...fit, x: 0, y: -550 });
    const far = panView(fit, fit, 1e6, 1e6);
    // the view's centre may reach the plan's edge, not beyond
    assert.equal(far.x + far.width / 2, fit.x + fit.width);
    assert.equal(far.y + far.height / 2, fit.y + fit.height);
    // zoomed in 10×, the far corner of the plan can still be reached
    const zoomed = zoomView(fit, fit, 10);
    const corner = panView(zoomed, fit, -1e6, -1e6);
    assert.equal(corner.x + corner.width / 2, fit.x);
    assert.equal(corner.y + corner.height / 2, fit.y);
  });

  it('converts pixels to plan units with preserveAspectRatio meet', () => {
    // 1000 × 600 units in a 500 × 500 px box: 2 units per px, 100 px bands above and below
    assert.equal(unitsPerPixel(fit, 500, 500), 2);
    assert.deepEqual(pointAt(fit, 500, 500, 0, 100), [fit.x, fit.y]);
    assert.deepEqual(pointAt(fit, 500, 500, 250, 250), [fit.x + 500, fit.y + 300]);
    assert.equal(unitsPerPixel(fit, 0, 0), 1);
  });
});

describe('room-plan label layout', () => {
  it('shrinks or drops the name of a label before letting it overlap, and formats the units', () => {
    // two tiny rooms side by side with long names
    const { model } = readModel({
      plan: {
        points: [
          [0, 0],
          [100, 0],
          [200, 0],
          [200, 100],
          [100, 100],
          [0, 100],
        ],
        walls: {},
        areas: {
          area0: { indices: [0, 1, 4, 5], name: 'A very long name for a small room' },
          area1: { indices: [1, 2, 3, 4], name: 'Another long name for a small room' },
        },
      },
    });
    const labels = layoutLabels(planGeometry(model), 'imperial');
    assert.equal(labels.length, 2);
    assert.ok(labels.every((l) => l.floorArea === '11 ft²'));
    // the first placed keeps its name; the second gives it up to stay clear
    assert.ok(labels.some((l) => l.name === undefined && !l.overlaps));
    // labels sit on the areas' label points with y flipped for SVG
    for (const l of labels) assert.equal(l.y, -l.area.labelPoint[1]);
  });

  it('with a legible floor, moves a label that does not fit on its point to where it lies wholly inside its room', () => {
    // a T: a wide, low bar (400 × 60 cm) on a narrow column (100 × 400 cm); the pole (the label point)
    // is in the column, too narrow for "Woonkamer", which the bar holds
    const { model } = readModel({
      plan: {
        points: [
          [150, 0],
          [250, 0],
          [250, 400],
          [400, 400],
          [400, 460],
          [0, 460],
          [0, 400],
          [150, 400],
        ],
        walls: {},
        areas: { area0: { indices: [0, 1, 2, 3, 4, 5, 6, 7], name: 'Woonkamer' } },
      },
    });
    const plan = planGeometry(model);
    const [area] = plan.areas;
    assert.ok(area!.labelPoint[1] < 400, 'the label point is in the column');
    const [label] = layoutLabels(plan, 'metric', 'nl', undefined, 18);
    assert.equal(label!.name, 'Woonkamer', 'the name is kept');
    // moved into the bar (SVG y is the model's y flipped)
    assert.ok(-label!.y > 400 && -label!.y < 460, `in the bar: ${-label!.y}`);
    assert.equal(label!.overlaps, false);
  });
});
