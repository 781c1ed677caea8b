/**
 * src/platform/ in real Chromium: the GPU fence the shared renderer and the panorama wait on (a real
 * WebGL 2 context: done, lost; WebGL 1: none), and the task boundaries every layer yields with.
 */
import { expect } from '@esm-bundle/chai';
import { gpuFence } from '../../src/platform/gpu-fence.ts';
import { delay, nextMessage, nextTask, yieldToPage } from '../../src/platform/yield.ts';

function context<T extends 'webgl' | 'webgl2'>(kind: T) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  return canvas.getContext(kind) as T extends 'webgl2' ? WebGL2RenderingContext : WebGLRenderingContext;
}

describe('platform/gpu-fence', () => {
  it("resolves 'done' once the GPU finished a draw, in a later task", async () => {
    const gl = context('webgl2');
    gl.clearColor(0.2, 0.4, 0.6, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    let waits = 0;
    const result = await gpuFence(gl, { limit: 5000, wait: () => (waits++, nextTask()) });
    expect(result).to.equal('done');
    expect(waits).to.be.at.least(1);
    // the fence is deleted: nothing of it is left for the context to keep
    expect(gl.getError()).to.equal(gl.NO_ERROR);
  });

  it("resolves 'none' at once without a fence (WebGL 1)", async () => {
    let waits = 0;
    const result = await gpuFence(context('webgl'), { limit: 5000, wait: () => (waits++, nextTask()) });
    expect(result).to.equal('none');
    expect(waits).to.equal(0);
  });

  it("resolves 'lost' when the context goes, or the owner says it went", async () => {
    const gl = context('webgl2');
    const lose = gl.getExtension('WEBGL_lose_context')!;
    const lost = gpuFence(gl, { limit: 5000, wait: () => (lose.loseContext(), nextTask()) });
    expect(await lost).to.equal('lost');
    const other = context('webgl2');
    expect(await gpuFence(other, { limit: 5000, wait: nextTask, lost: () => true })).to.equal('lost');
  });

  it("resolves 'timeout' when the limit passes first, and deletes its fence", async () => {
    // a GPU that never finishes cannot be made on demand: a context whose fence never signals
    const real = context('webgl2');
    const deleted: unknown[] = [];
    const sync = {};
    const stuck = {
      SYNC_GPU_COMMANDS_COMPLETE: real.SYNC_GPU_COMMANDS_COMPLETE,
      SYNC_STATUS: real.SYNC_STATUS,
      SIGNALED: real.SIGNALED,
      fenceSync: () => sync,
      flush: () => undefined,
      isContextLost: () => false,
      getSyncParameter: () => real.UNSIGNALED,
      deleteSync: (s: unknown) => deleted.push(s),
    } as unknown as WebGL2RenderingContext;
    const started = performance.now();
    expect(await gpuFence(stuck, { limit: 50, wait: () => delay(5) })).to.equal('timeout');
    expect(performance.now() - started).to.be.at.least(45);
    expect(deleted).to.deep.equal([sync]);
  });
});

describe('platform/yield', () => {
  it('each boundary resolves after the work queued before it', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('nextTask');
    expect(order).to.deep.equal(['microtask', 'timer', 'nextTask']);
    queueMicrotask(() => order.push('microtask 2'));
    await nextMessage();
    await yieldToPage();
    expect(order.at(-1)).to.equal('microtask 2');
    const started = performance.now();
    await delay(30);
    expect(performance.now() - started).to.be.at.least(25);
  });
});
