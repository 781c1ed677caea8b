/**
 * Shaders compiled before the first frame (RoomView #start): with KHR_parallel_shader_compile the view
 * compiles its programs with three's compileAsync and joins the shared renderer only when they are
 * ready (or after a longest wait); without it, it is drawn once as a warm-up whose end it awaits
 * without blocking (a WebGL 2 fence, SharedRenderer.warm), then joins with that first frame shown. Both
 * start after the constructor (RoomViewOptions.yieldToPage).
 *
 * Headless Chromium draws with SwiftShader, whose ANGLE back end compiles on the calling thread and so
 * does not offer KHR_parallel_shader_compile (the test asserts it, so a browser that starts offering it
 * is noticed). The parallel path is therefore driven with the extension emulated on the context: three
 * is told the extension exists and the context answers COMPLETION_STATUS_KHR with a switch the test
 * holds, i.e. the test decides when "the driver" finished compiling. Runs in its own page (a fresh
 * renderer, so the programs are new).
 */
import { expect } from '@esm-bundle/chai';
import { LinearToneMapping, NoToneMapping, type DirectionalLight } from 'three';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { RoomView, SharedRenderer } from '../../src/three/index.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

const COMPLETION_STATUS_KHR = 0x91b1;
const views: RoomView[] = [];

/** `start: false`: a view that never starts by itself (its start waits for a yield that never comes). */
function newView({ start = true } = {}): RoomView {
  const { model } = readModel(boxRoom({ components: 3 }));
  const canvas = document.createElement('canvas');
  fixtureContainer().append(canvas);
  const view = new RoomView({
    canvas,
    keyTarget: canvas,
    model,
    plan: planGeometry(model),
    camera: 'top',
    width: 120,
    height: 90,
    ...(start ? {} : { yieldToPage: () => new Promise<void>(() => {}) }),
  });
  views.push(view);
  return view;
}

/**
 * Makes the shared renderer report KHR_parallel_shader_compile while `build` runs (three reads it when
 * RoomView starts and when it makes programs) and answers COMPLETION_STATUS_KHR with `ready()` until
 * the returned function restores the context.
 */
function emulateParallelCompile(ready: () => boolean): { restore(): void } {
  const renderer = SharedRenderer.get().renderer;
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const getProgramParameter = gl.getProgramParameter;
  gl.getProgramParameter = function (this: WebGL2RenderingContext, program: WebGLProgram, name: GLenum) {
    if (name === COMPLETION_STATUS_KHR) return ready();
    return getProgramParameter.call(this, program, name);
  } as typeof gl.getProgramParameter;
  const extensions = renderer.extensions;
  const has = extensions.has;
  extensions.has = (name: string) => name === 'KHR_parallel_shader_compile' || has.call(extensions, name);
  return {
    restore() {
      extensions.has = has;
      gl.getProgramParameter = getProgramParameter;
    },
  };
}

describe('RoomView: shaders compiled before the first frame', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(() => {
    for (const view of views.splice(0)) view.dispose();
    cleanup();
  });

  it('this browser (SwiftShader) has no KHR_parallel_shader_compile', () => {
    expect(SharedRenderer.get().renderer.extensions.has('KHR_parallel_shader_compile')).to.equal(false);
  });

  it('with parallel compilation, the view compiles first and is drawn only once its programs are ready', async () => {
    const shared = SharedRenderer.get();
    const programsBefore = shared.renderer.info.programs!.length;
    let ready = false;
    const emulation = emulateParallelCompile(() => ready);
    let view: RoomView;
    try {
      // the longest wait (3 s, room-view.ts) counts from the compiles' start, which is after this
      const made = performance.now();
      view = newView();
      // nothing compiled in the constructor: the compiles start after it (RoomViewOptions.yieldToPage,
      // a microtask by default), so the scene's build and its first draw are not one long task
      expect(shared.renderer.info.programs!.length).to.equal(programsBefore);
      await until(
        () => shared.renderer.info.programs!.length > programsBefore,
        1000,
        'compileAsync starting the compiles',
      );
      // compiling, not yet part of the frames
      expect(shared.views.has(view)).to.equal(false);
      await new Promise((r) => setTimeout(r, 300));
      expect(view.frames, 'drawn before its programs were ready').to.equal(0);
      expect(shared.views.has(view)).to.equal(false);
      ready = true;
      await until(() => view.frames >= 1, 2500, 'the first frame once compiled');
      // before the longest wait (3 s from the compiles' start) could have ended: it was the programs being
      // ready that let it draw (a fixed 1.5 s after them was 1.84 s beside the whole suite at load 20)
      expect(performance.now() - made).to.be.below(3000);
    } finally {
      emulation.restore();
    }
    expect(shared.views.has(view)).to.equal(true);
  });

  it("with parallel compilation, the sun's shadow map is drawn in a task of its own before the view joins", async () => {
    const shared = SharedRenderer.get();
    let ready = false;
    const emulation = emulateParallelCompile(() => ready);
    let view: RoomView;
    try {
      view = newView();
      const sun = view.scene.getObjectByName('sun') as DirectionalLight;
      expect(sun.shadow.map, 'no shadow map before the compile').to.equal(null);
      // seen the moment the view joins the frames (the set of views is the browser's own Set): what the
      // first frame made at once (the depth programs, the casters uploaded) is done by then, and the
      // first frame will not draw it again
      const views = shared.views as Set<RoomView>;
      let atJoin: { frames: number; map: boolean; dirty: boolean } | undefined;
      views.add = function (this: Set<RoomView>, added: RoomView) {
        if (added === view)
          atJoin = { frames: view.frames, map: !!sun.shadow.map, dirty: view.room.shadowsDirty };
        return Set.prototype.add.call(this, added) as Set<RoomView>;
      };
      try {
        ready = true;
        await until(() => view.frames >= 1, 2500, 'the first frame');
      } finally {
        delete (views as { add?: unknown }).add;
      }
      expect(atJoin, 'the view joined the frames').to.not.equal(undefined);
      expect(atJoin!.frames, 'joined before its first frame').to.equal(0);
      expect(atJoin!.map, 'the shadow map drawn ahead').to.equal(true);
      expect(atJoin!.dirty, 'not due again in the first frame').to.equal(false);
    } finally {
      ready = true;
      await new Promise((r) => setTimeout(r, 50));
      emulation.restore();
    }
  });

  it('a compile that never reports ready still lets the view draw, after the longest wait (3 s)', async function () {
    this.timeout(10000);
    const shared = SharedRenderer.get();
    // other programs than the test above made (tone mapping is part of a program's key): new compiles
    shared.renderer.toneMapping = LinearToneMapping;
    let finished = false;
    const emulation = emulateParallelCompile(() => finished);
    let view: RoomView;
    const started = performance.now();
    try {
      view = newView();
      shared.renderer.toneMapping = NoToneMapping;
      await new Promise((r) => setTimeout(r, 1500));
      expect(view.frames, 'drawn while its compile was pending').to.equal(0);
      await until(() => view.frames >= 1, 5000, 'the first frame after the longest wait');
    } finally {
      shared.renderer.toneMapping = NoToneMapping;
      // let three's readiness poll (every 10 ms) end before the context answers for itself again
      finished = true;
      await new Promise((r) => setTimeout(r, 50));
      emulation.restore();
    }
    expect(performance.now() - started).to.be.at.least(2900);
  });

  it('without parallel compilation, the view is drawn once as a warm-up, then joins the frames with its first frame shown', async () => {
    const shared = SharedRenderer.get();
    const view = newView();
    // the warm-up draw (SharedRenderer.warm) comes after the constructor and is copied out only once a
    // fence says the GPU finished it: the page's thread never waits on the compiles
    expect(shared.views.has(view)).to.equal(false);
    let joinedAt = -1;
    await until(
      () => {
        if (joinedAt < 0 && shared.views.has(view)) joinedAt = view.frames;
        return view.frames >= 1 && shared.views.has(view);
      },
      5000,
      'the first frame and the view in the frames',
    );
    // never seen in the frames before its first frame was on its canvas (the warm-up's)
    expect(joinedAt).to.be.at.least(1);
  });

  it("the shadow pass ahead works after another view's frame, and leaves no render target bound", async () => {
    const shared = SharedRenderer.get();
    // a frame drawn (another view's) leaves the renderer with no scene's render state, which the pass
    // ahead needs: prepare() then threw half-way with the shadow map still bound, and the next pass bound
    // it again after its room had freed it (two textures left on the GPU per occurrence)
    const first = newView();
    await until(() => first.frames >= 1 && shared.views.has(first), 5000, 'the first view drawn');
    const drawn = first.frames;
    first.dirty = true;
    shared.request();
    await until(() => first.frames > drawn, 5000, 'a frame drawn');
    const second = newView({ start: false });
    const sun = second.scene.getObjectByName('sun') as DirectionalLight;
    const texturesBefore = shared.renderer.info.memory.textures;
    await shared.prepare(second);
    expect(sun.shadow.map, 'the shadow map drawn ahead').to.not.equal(null);
    expect(second.room.shadowsDirty, 'not due again in the first frame').to.equal(false);
    expect(shared.renderer.getRenderTarget(), 'no render target left bound').to.equal(null);
    // the shadow map's colour and depth textures, and nothing else, freed with the room
    expect(shared.renderer.info.memory.textures).to.equal(texturesBefore + 2);
    views.splice(views.indexOf(second), 1);
    second.dispose();
    expect(shared.renderer.info.memory.textures).to.equal(texturesBefore);
  });
});
