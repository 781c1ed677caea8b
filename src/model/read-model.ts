/**
 * Tolerant reading of a room model (Document 3, "Model members"; reference: the real sample
 * room-6346838-the-lake.3dplanner.json). It keeps everything that is valid, repairs what can be
 * repaired (numbers sent as strings, a missing height), leaves out what cannot be drawn, and says
 * what it did in `problems`. It never throws: every section is read behind its own guard, and the
 * whole function behind one more, so a hostile object (getters that throw, proxies, cycles) still
 * gives a result.
 */
import type { ModelMaterial, ReadModelResult, RoomModel } from './types.js';
import { readComponents } from './read/components.js';
import { readMaterials } from './read/materials.js';
import { readPlan } from './read/plan.js';
import { DEFAULT_WALL_HEIGHT, Reader, describeError, isObject, preview, type Obj } from './read/reader.js';
import { readCamera, readSun } from './read/scene.js';

export { DEFAULT_WALL_HEIGHT, DEFAULT_WALL_THICKNESS } from './read/reader.js';

function emptyModel(): RoomModel {
  return {
    height: DEFAULT_WALL_HEIGHT,
    points: [],
    walls: [],
    areas: [],
    materials: Object.create(null) as Record<string, ModelMaterial>,
    components: [],
  };
}

/**
 * Reads a room model. `raw` is the model object (`{ plan, components, materials, ... }`), a whole
 * room as GET /rooms/:id returns it (`{ id, name, ..., model }`), or either as a JSON string.
 */
export function readModel(raw: unknown): ReadModelResult {
  const r = new Reader();
  try {
    const model = readModelInto(raw, r);
    const drawable = model.walls.length > 0 || model.areas.length > 0;
    return { model, problems: r.finish(), drawable };
  } catch (error) {
    r.problem('', `the model could not be read (${describeError(error)})`);
    return { model: emptyModel(), problems: r.finish(), drawable: false };
  }
}

function readModelInto(raw: unknown, r: Reader): RoomModel {
  let input = raw;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      r.problem('', 'is a string that is not JSON');
      return emptyModel();
    }
  }
  if (!isObject(input)) {
    r.problem(
      '',
      input === undefined || input === null ? 'no model' : `is not an object (${preview(input)})`,
    );
    return emptyModel();
  }
  // A whole room: the model is its `model` member (unless this object is itself the model).
  let prefix = '';
  if (!('plan' in input) && 'model' in input) {
    if (!isObject(input.model)) {
      r.problem(
        'model',
        input.model === undefined || input.model === null ? 'is missing' : 'is not an object',
      );
      return emptyModel();
    }
    input = input.model;
    prefix = 'model.';
  }
  const m = input as Obj;
  const model = emptyModel();
  const at = (path: string) => prefix + path;

  model.version = r.guard(at('version'), undefined, () =>
    r.integer(m.version, at('version'), { required: false }),
  );
  const roomId = r.guard(at('room_id'), undefined, () =>
    r.integer(m.room_id, at('room_id'), { required: false, max: Number.MAX_SAFE_INTEGER }),
  );
  if (roomId !== undefined) model.roomId = roomId;

  r.guard(at('plan'), undefined, () => readPlan(m.plan, at('plan'), r, model));
  model.materials = r.guard(at('materials'), model.materials, () =>
    readMaterials(m.materials, at('materials'), r),
  );
  model.components = r.guard(at('components'), [], () => readComponents(m.components, at('components'), r));
  r.guard(at('lights'), undefined, () => readSun(m.lights, at('lights'), r, model));
  r.guard(at('camera'), undefined, () => readCamera(m.camera, at('camera'), r, model));
  r.guard(at('environment'), undefined, () => {
    const env = m.environment;
    if (isObject(env)) {
      const image = r.string(env.image, at('environment.image'));
      model.environmentImage = image ?? null;
    }
  });
  return model;
}
