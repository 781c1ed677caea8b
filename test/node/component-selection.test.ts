import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ClickTracker,
  idListConverter,
  idSet,
  selectableComponents,
  selectedComponentDetail,
  selectionAfter,
} from '../../src/features/selection/component-selection.ts';
import { readModel } from '../../src/model/index.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';

const { model } = readModel({
  plan: boxPlan(400, 300),
  components: [
    doorComponent({
      ID: 'door-1',
      component_id: 'door',
      parentID: '0',
      position: [200, 0, 104],
      rotation: [270, 0, 0],
    }),
    {
      ID: 'sofa',
      type: 'Component',
      component_id: 'abc123',
      model: 'models/ab/abc123_00.mi',
      position: [120, 80, 0],
      rotation: [0, 0, 90],
      bounding_box: [
        [-100, -45, 0],
        [100, 45, 80],
      ],
    },
  ],
});

describe('selectable furniture (component-selection.ts)', () => {
  it('offers furniture only: doors, windows and openings stop a ray but are not picked', () => {
    assert.deepEqual(
      selectableComponents(model).map((c) => c.id),
      ['sofa'],
    );
    assert.deepEqual(selectableComponents(undefined), []);
  });

  it("gives the component-select detail in the model's units, sizes from the bounding box", () => {
    assert.deepEqual(selectedComponentDetail(selectableComponents(model)[0]!, 'keyboard'), {
      component: {
        id: 'sofa',
        componentId: 'abc123',
        model: 'models/ab/abc123_00.mi',
        position: { x: 120, y: 80, z: 0 },
        size: { width: 200, depth: 90, height: 80 },
      },
      source: 'keyboard',
    });
  });

  it('reads and writes `selected` as space-separated ids (no attribute when empty)', () => {
    assert.deepEqual(idListConverter.fromAttribute!('  a  b\tc a ', Array), ['a', 'b', 'c']);
    assert.deepEqual(idListConverter.fromAttribute!(null, Array), []);
    assert.equal(idListConverter.toAttribute!(['a', 'b'], Array), 'a b');
    assert.equal(idListConverter.toAttribute!([], Array), null);
    assert.deepEqual([...idSet('x y')], ['x', 'y']);
    assert.deepEqual([...idSet(['x', '', 'x'])], ['x']);
  });

  it('a pick replaces the selection; with Shift / Ctrl / ⌘ it joins it', () => {
    assert.deepEqual(selectionAfter(['a', 'b'], 'c', false), ['c']);
    assert.deepEqual(selectionAfter(['a'], 'c', true), ['a', 'c']);
    assert.deepEqual(selectionAfter(['a', 'c'], 'c', true), ['a', 'c']);
  });

  it('tells a click from a drag and from a pinch', () => {
    const at = (pointerId: number, clientX: number, clientY: number) =>
      ({ pointerId, clientX, clientY, pointerType: 'touch', button: 0 }) as PointerEvent;
    const clicks = new ClickTracker();
    clicks.down(at(1, 10, 10));
    clicks.move(at(1, 12, 11));
    assert.equal(clicks.up(at(1, 12, 11)), true, 'a small wobble is still a click');
    clicks.down(at(1, 10, 10));
    clicks.move(at(1, 40, 10));
    assert.equal(clicks.up(at(1, 11, 10)), false, 'dragged away and back');
    clicks.down(at(1, 10, 10));
    clicks.down(at(2, 50, 50));
    assert.equal(clicks.up(at(2, 50, 50)), false, 'two fingers');
    assert.equal(clicks.up(at(1, 10, 10)), false);
    assert.equal(clicks.up(at(3, 10, 10)), false, 'an up without its down');
  });
});
