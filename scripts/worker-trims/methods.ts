import { parseAst } from 'rolldown/parseAst';
import { replaceKeepingLines, type Fail } from './text.ts';
import type { Node } from './core.ts';
import { walk } from '../ast-walk.ts';

/**
 * Methods of three.core.js's classes that the render worker's first stage does not carry (issue 33).
 * rolldown drops a class nobody uses, never a method of a class it keeps: the first frame's Matrix4,
 * Vector3, BufferGeometry, Mesh… came with every method three wrote for them.
 *
 * - `DEAD_METHODS`: called nowhere in the worker, in any stage (found by their names in the built
 *   worker, whose property names the minifier keeps). They are taken out of the class.
 * - `LATER_METHODS`: called only by a later stage (picking: `Mesh.raycast` and the ray and triangle
 *   arithmetic it reaches). They are taken out of the first stage's class, and the module of what only
 *   later stages use (later-three.ts) puts them back on the class's prototype when it loads, which every
 *   later stage that calls them imports first (the build checks it: `checkTrimmedMethods`).
 *
 * Both lists are checked twice: each method must be in three.js's text where it is listed (a three.js
 * update that renames or moves one fails the build), and no code of the worker build may call a dead
 * method, nor a later one outside a stage that loads the later module (a change of ours that starts
 * calling one fails the build, naming it; then take it off the list). A name is looked for as a word
 * in the minified code (a call, a property read, a string): a superset of its uses.
 */
export const DEAD_METHODS: Record<string, string[]> = {
  Vector2: [
    'addScalar',
    'angleTo',
    'rotateAround',
    'clampScalar',
    'roundToZero',
    'manhattanDistanceTo',
    'manhattanLength',
    'divide',
    'subScalar',
  ],
  Vector3: [
    'addScalar',
    'angleTo',
    'projectOnVector',
    'setFromCylindricalCoords',
    'setFromMatrix3Column',
    'randomDirection',
    'setFromMatrixScale',
    'clampScalar',
    'roundToZero',
    'projectOnPlane',
    'manhattanDistanceTo',
    'applyAxisAngle',
    'multiplyVectors',
    'reflect',
    'applyEuler',
    'setFromCylindrical',
    'manhattanLength',
    'setFromColor',
    'divide',
    'subScalar',
  ],
  Vector4: [
    'addScalar',
    'setAxisAngleFromRotationMatrix',
    'setAxisAngleFromQuaternion',
    'clampScalar',
    'roundToZero',
    'manhattanLength',
    'divide',
    'subScalar',
  ],
  Quaternion: [
    // (the sixteenth round) no stage calls it either
    'setFromAxisAngle',
    'static slerpFlat',
    'static multiplyQuaternionsFlat',
    'rotateTowards',
    'slerpQuaternions',
    'slerp',
    'angleTo',
  ],
  Matrix3: ['transposeIntoArray', 'extractBasis'],
  Matrix4: [
    'makeRotationY',
    'makeRotationZ',
    'makeRotationAxis',
    'extractBasis',
    'setPosition',
    'setFromMatrix3',
    'makeBasis',
    'copyPosition',
    'makeShear',
  ],
  Box3: [
    'expandByScalar',
    'intersect',
    'containsBox',
    'setFromCenterAndSize',
    'setFromArray',
    'expandByVector',
  ],
  Sphere: ['getBoundingBox'],
  Plane: ['intersectLine', 'intersectsLine', 'distanceToSphere'],
  Layers: ['isEnabled', 'toggle', 'enableAll'],
  SphericalHarmonics3: ['getIrradianceAt', 'getAt', 'static getBasisAt', 'addScaledSH', 'zero'],
  BufferAttribute: ['copyAt', 'addUpdateRange', 'onUpload', 'copyArray', 'setUsage'],
  BufferGeometry: [
    'computeVertexNormals',
    'normalizeNormals',
    'rotateX',
    'rotateY',
    'rotateZ',
    'setIndirect',
    'setDrawRange',
    'deleteAttribute',
    'getIndirect',
  ],
  InstancedMesh: ['setMorphAt', 'getMorphAt', 'setColorAt', 'getColorAt'],
  PerspectiveCamera: [
    'getViewBounds',
    'setViewOffset',
    'setFocalLength',
    'getViewSize',
    'clearViewOffset',
    'getEffectiveFOV',
  ],
  OrthographicCamera: ['setViewOffset', 'clearViewOffset'],
  DataArrayTexture: ['addLayerUpdate'],
  LightShadow: ['getViewportCount'],
  ShapeUtils: ['static isClockWise'],
  // (the sixteenth round) called by no stage of the worker either: found by their names in the built stages
  Texture: ['transformUv', 'addUpdateRange'],
  Object3D: [
    'attach',
    'rotateOnWorldAxis',
    'getWorldQuaternion',
    'getWorldScale',
    'setRotationFromMatrix',
    'worldToLocal',
    'getWorldPosition',
    'setRotationFromAxisAngle',
    'localToWorld',
    'setRotationFromQuaternion',
    'setRotationFromEuler',
    'translateX',
    'translateY',
    'translateZ',
    'getObjectById',
    'rotateX',
    'rotateY',
    'rotateZ',
    'translateOnAxis',
    'rotateOnAxis',
  ],
  Color: [
    'getStyle',
    'lerpHSL',
    'lerpColors',
    'addColors',
    'getHexString',
    'offsetHSL',
    'addScalar',
    'convertSRGBToLinear',
    'convertLinearToSRGB',
    'getHSL',
    'copySRGBToLinear',
    'copyLinearToSRGB',
  ],
  Euler: ['reorder'],
  InterleavedBuffer: ['addUpdateRange'],
};

/** Picking's side of the first frame's classes (src/three/picking.ts, measure.ts, surfaces.ts: the features stage). */
export const LATER_METHODS: Record<string, string[]> = {
  Mesh: ['raycast', '_computeIntersections'],
  InstancedMesh: ['raycast'],
  // the boxes' tests of a ray's walk, the hotspots' projection, the exporters' arithmetic
  Box3: ['intersectsBox', 'intersectsTriangle'],
  Sphere: ['intersectsBox'],
  Plane: ['intersectsBox', 'projectPoint', 'setFromCoplanarPoints'],
  Frustum: ['intersectsBox'],
  Matrix3: ['determinant'],
  Matrix4: ['determinant'],
  Vector2: ['setComponent', 'lerpVectors', 'setScalar'],
  Vector3: ['setComponent', 'lerpVectors', 'project', 'unproject', 'setScalar'],
  Vector4: ['setComponent', 'lerpVectors', 'setScalar'],
  BufferAttribute: ['setComponent'],
  PerspectiveCamera: ['getFocalLength', 'getFilmHeight'],
};

type Table = Record<string, string[]>;

interface Found {
  className: string;
  method: string;
  node: Node;
}

/** The listed methods in three.core.js's text, each exactly once, or the build fails. */
export function findMethods(code: string, table: Table, fail: Fail): Found[] {
  const classes = new Map<string, Node>();
  for (const statement of parseAst(code).body as unknown as Node[]) {
    if (statement.type === 'ClassDeclaration') classes.set((statement.id as Node).name as string, statement);
    // a class core.ts wrapped with what is set on it after it: `const X = (() => { class X …; return X; })()`
    else if (statement.type === 'VariableDeclaration')
      for (const node of walk(statement))
        if (node.type === 'ClassDeclaration') classes.set((node.id as Node).name as string, node);
  }
  const found: Found[] = [];
  for (const [className, methods] of Object.entries(table)) {
    const declaration =
      classes.get(className) ??
      fail(
        `three.core.js no longer declares the class ${className} at its top level (or wrapped by core.ts)`,
      );
    const members = (declaration.body as Node).body as unknown as Node[];
    for (const method of methods) {
      const isStatic = method.startsWith('static ');
      const name = method.replace(/^static /, '');
      const matches = members.filter(
        (m) =>
          m.type === 'MethodDefinition' &&
          m.kind === 'method' &&
          Boolean(m.static) === isStatic &&
          (m.key as Node).type === 'Identifier' &&
          (m.key as Node).name === name,
      );
      if (matches.length !== 1) fail(`three.js's ${className} has no method ${method} (or more than one)`);
      found.push({ className, method, node: matches[0]! });
    }
  }
  return found;
}

/** three.core.js without the listed methods (each line kept, as every trim does). */
export function withoutMethods(code: string, table: Table, fail: Fail): string {
  const found = findMethods(code, table, fail).sort((a, b) => b.node.start - a.node.start);
  let out = code;
  for (const { node } of found) out = replaceKeepingLines(out, node.start, node.end, '');
  return out;
}

/** Each later method's text as an object literal's method (`raycast( raycaster, intersects ) { … }`), by class. */
export function laterMethodTexts(code: string, fail: Fail): Map<string, { text: string; node: Node }[]> {
  const byClass = new Map<string, { text: string; node: Node }[]>();
  for (const { className, method, node } of findMethods(code, LATER_METHODS, fail)) {
    const text = code.slice(node.start, node.end);
    // a method moved out of its class has no `super` to call
    if (/\bsuper\b/.test(text) || method.startsWith('static '))
      fail(`${className}.${method} cannot move to the later module (static, or calls super)`);
    byClass.set(className, [...(byClass.get(className) ?? []), { text, node }]);
  }
  return byClass;
}

const isDefinition = (code: string, at: number, length: number): boolean =>
  code[at + length] === '(' &&
  (/[{};]$/.test(code.slice(at - 1, at)) ||
    /(static |get |set |async |\*)$/.test(code.slice(Math.max(0, at - 7), at)));

/** How often `name` is used (not defined as a method) in `code`. */
export function usesOf(code: string, name: string): number {
  let count = 0;
  for (const m of code.matchAll(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')))
    if (!isDefinition(code, m.index!, name.length)) count++;
  return count;
}

/**
 * The worker build's check of both lists (its chunks as rolldown wrote them, before the stages are
 * made): no chunk uses a dead method; a later method is used only by chunks that import the later
 * module (`laterChunk`, which puts it back), and only if the first stage's own chunks do not use it.
 */
export function checkTrimmedMethods(
  chunks: { fileName: string; code: string; imports: string[] }[],
  laterChunk: string | undefined,
  firstStage: Set<string>,
  fail: Fail,
): void {
  const names = (table: Table) => [
    ...new Set(
      Object.values(table)
        .flat()
        .map((m) => m.replace(/^static /, '')),
    ),
  ];
  for (const chunk of chunks) {
    for (const name of names(DEAD_METHODS))
      if (usesOf(chunk.code, name))
        fail(
          `${chunk.fileName} calls ${name}(), which the worker's three.js does not carry (scripts/worker-trims/methods.ts DEAD_METHODS)`,
        );
    for (const name of names(LATER_METHODS)) {
      if (!usesOf(chunk.code, name)) continue;
      const ok =
        !firstStage.has(chunk.fileName) && laterChunk !== undefined && chunk.imports.includes(laterChunk);
      if (!ok && chunk.fileName !== laterChunk)
        fail(
          `${chunk.fileName} calls ${name}(), which the worker's three.js carries only in its later module (scripts/worker-trims/methods.ts LATER_METHODS)`,
        );
    }
  }
}
