/**
 * three.js as the render worker's build carries it (scripts/worker-trims.ts), drawn in WebGL beside the
 * untrimmed three.js (web-test-runner.config.mjs serves the trimmed files under /__worker-three/):
 * - what the worker draws (our look's Lambert and standard materials, basic ones with vertex colours and
 *   instances, lines, a texture map, transparency, the sun's BasicShadowMap, hemisphere and probe light)
 *   comes out pixel for pixel as with three's own shaders;
 * - a material whose shader was trimmed, or a feature whose shader branches were, is not drawn as
 *   garbage: the console says which (naming the material or feature), and nothing is drawn for it.
 */
import { expect } from '@esm-bundle/chai';
import * as full from 'three';
import { applyLook } from '../../src/three/look-shader.ts';
import { requireWebGL } from './helpers/webgl.ts';

type Three = typeof full;
const SIZE = 64;

/** A renderer set as the viewer's shared one (src/three/shared-renderer.ts, renderer-settings.ts). */
function renderer(three: Three): full.WebGLRenderer {
  const canvas = new OffscreenCanvas(SIZE, SIZE);
  const r = new three.WebGLRenderer({ canvas, antialias: false, alpha: true, preserveDrawingBuffer: true });
  r.debug.checkShaderErrors = false;
  r.outputColorSpace = three.SRGBColorSpace;
  r.toneMapping = three.NoToneMapping;
  r.setClearColor(0x000000, 0);
  r.shadowMap.enabled = true;
  r.shadowMap.type = three.BasicShadowMap;
  r.setSize(SIZE, SIZE, false);
  return r;
}

/** A small room as the worker builds one: lit surfaces with our look, boxes, lines, a shadow. */
function scene(three: Three): { scene: full.Scene; camera: full.PerspectiveCamera } {
  const s = new three.Scene();
  const camera = new three.PerspectiveCamera(50, 1, 0.1, 50);
  camera.position.set(3, 3, 4);
  camera.lookAt(0, 0, 0);
  const sun = new three.DirectionalLight(0xffffff, 2);
  sun.position.set(2, 5, 3);
  sun.castShadow = true;
  sun.shadow.mapSize.set(256, 256);
  s.add(sun, new three.HemisphereLight(0xffffff, 0x444444, 0.5));
  const probe = new three.LightProbe();
  probe.sh.coefficients[0]!.set(0.4, 0.4, 0.4);
  s.add(probe);
  const floor = new three.MeshLambertMaterial({ color: 0xb0a080 });
  floor.onBeforeCompile = applyLook as never;
  const ground = new three.Mesh(new three.PlaneGeometry(6, 6), floor);
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  const shiny = new three.MeshStandardMaterial({ color: 0x3060c0, roughness: 0.3, metalness: 0.2 });
  shiny.onBeforeCompile = applyLook as never;
  const box = new three.Mesh(new three.BoxGeometry(1, 1, 1), shiny);
  box.position.set(0, 0.5, 0);
  box.castShadow = true;
  const texels = new Uint8Array(4 * 4 * 4).map((_, i) => (i * 37) % 256);
  const map = new three.DataTexture(texels, 4, 4);
  map.needsUpdate = true;
  const glass = new three.MeshStandardMaterial({ map, roughness: 0.15, transparent: true, opacity: 0.58 });
  glass.onBeforeCompile = applyLook as never;
  const pane = new three.Mesh(new three.BoxGeometry(1.5, 1, 0.05), glass);
  pane.position.set(-1, 0.6, 1);
  const boxes = new three.InstancedMesh(
    new three.BoxGeometry(0.3, 0.3, 0.3),
    new three.MeshBasicMaterial(),
    3,
  );
  // the instances' colours as the worker would set them (InstancedMesh.setColorAt is not in its
  // three.js: scripts/worker-trims/methods.ts DEAD_METHODS)
  boxes.instanceColor = new three.InstancedBufferAttribute(new Float32Array(9), 3);
  for (let i = 0; i < 3; i++) {
    boxes.setMatrixAt(i, new three.Matrix4().makeTranslation(1.5, 0.15, i - 1));
    new three.Color().setHSL(i / 3, 0.5, 0.5).toArray(boxes.instanceColor.array, i * 3);
  }
  const shade = new three.BufferGeometry().setFromPoints([
    new three.Vector3(-2, 0.01, -2),
    new three.Vector3(-1, 0.01, -2),
    new three.Vector3(-2, 0.01, -1),
  ]);
  shade.setAttribute('color', new three.Float32BufferAttribute([0.5, 0.5, 0.5, 0.2, 0.2, 0.2, 1, 1, 1], 3));
  const contact = new three.Mesh(
    shade,
    new three.MeshBasicMaterial({ vertexColors: true, side: three.DoubleSide }),
  );
  const outline = new three.LineSegments(
    new three.EdgesGeometry(new three.BoxGeometry(1.1, 1.1, 1.1)),
    new three.LineBasicMaterial({ color: 0xff8800, depthTest: false, transparent: true }),
  );
  outline.position.copy(box.position);
  s.add(ground, box, pane, boxes, contact, outline);
  return { scene: s, camera };
}

function draw(three: Three, add?: (s: full.Scene) => void): Uint8Array {
  const r = renderer(three);
  const { scene: s, camera } = scene(three);
  add?.(s);
  r.render(s, camera);
  const gl = r.getContext();
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  gl.readPixels(0, 0, SIZE, SIZE, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  r.dispose();
  r.forceContextLoss();
  return pixels;
}

const differing = (a: Uint8Array, b: Uint8Array) => {
  let count = 0;
  for (let i = 0; i < a.length; i += 4)
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) count++;
  return count;
};

/** What the console said (errors) while `run` ran. */
function errorsOf<T>(run: () => T): { value: T; errors: string[] } {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
  try {
    return { value: run(), errors };
  } finally {
    console.error = original;
  }
}

describe('three.js as the render worker carries it (scripts/worker-trims.ts)', function () {
  this.timeout(30000);
  let trimmed: Three;
  before(async function () {
    requireWebGL(this);
    trimmed = (await import(/* @vite-ignore */ '/__worker-three/three.module.js' as string)) as Three;
  });

  it('is trimmed (the matcap shader is a stub; each stub says so once)', () => {
    const { value, errors } = errorsOf(() => trimmed.ShaderLib.matcap.fragmentShader);
    expect(value).to.match(/^#error room-elements/);
    expect(errors.join('\n')).to.contain("three.js's matcap shader");
    expect(full.ShaderLib.matcap.fragmentShader).to.contain('#define MATCAP');
  });

  it('draws what the worker draws pixel for pixel as three.js does', () => {
    const { value: theirs } = errorsOf(() => draw(full));
    const { value: ours, errors } = errorsOf(() => draw(trimmed));
    expect(errors).to.deep.equal([]);
    // something was drawn at all (not two empty pictures)
    expect(theirs.some((v) => v !== 0)).to.equal(true);
    expect(differing(theirs, ours), 'pixels that differ').to.equal(0);
  });

  it('a trimmed material says so and is not drawn (MeshToonMaterial)', () => {
    const toon = (three: Three) => (s: full.Scene) => {
      const mesh = new three.Mesh(
        new three.SphereGeometry(0.6),
        new three.MeshToonMaterial({ color: 0xff0000 }),
      );
      mesh.position.set(0, 2, 0);
      s.add(mesh);
    };
    const { value: without } = errorsOf(() => draw(trimmed));
    const { value: theirs } = errorsOf(() => draw(full, toon(full)));
    const { value: ours, errors } = errorsOf(() => draw(trimmed, toon(trimmed)));
    expect(errors.join('\n')).to.match(
      /room-elements: the render worker is built without three\.js's toon shader/,
    );
    // three.js draws the sphere; the trimmed one draws the room without it (no garbage)
    expect(differing(theirs, without)).to.be.greaterThan(0);
    expect(differing(ours, without), 'pixels the trimmed toon material drew').to.equal(0);
  });

  it('a trimmed shader branch says which (clearcoat, fog)', () => {
    const { errors } = errorsOf(() =>
      draw(trimmed, (s) => {
        s.fog = new trimmed.Fog(0xffffff, 1, 20);
        s.add(
          new trimmed.Mesh(
            new trimmed.SphereGeometry(0.4),
            new trimmed.MeshPhysicalMaterial({ clearcoat: 1 }),
          ),
        );
      }),
    );
    const said = errors.join('\n');
    expect(said).to.contain('USE_CLEARCOAT');
    expect(said).to.contain('USE_FOG');
    expect(said).to.contain('MeshPhysicalMaterial');
  });
});
