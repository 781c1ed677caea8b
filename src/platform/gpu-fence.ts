/**
 * Waiting for the GPU without blocking the thread: a WebGL 2 fence, polled between tasks (its status
 * changes only between them, so a poll never waits). One copy for the shared renderer's staged start
 * and the panorama's face uploads (issue 33).
 */

/** 'done': the GPU finished; 'timeout': not within the limit; 'lost': the context went; 'none': no fence (WebGL 1). */
export type GpuFence = 'done' | 'timeout' | 'lost' | 'none';

export interface GpuFenceOptions {
  /** How long to poll at most (ms). */
  limit: number;
  /** The wait between two polls (a task boundary). */
  wait: () => Promise<void>;
  /** The owner's own word that the context is gone (its contextlost event came), beside isContextLost(). */
  lost?: () => boolean;
}

/**
 * Resolves once the GPU has done everything asked of `gl` so far, waiting at least once: 'done', or
 * 'timeout' after `limit` ms, or 'lost'; 'none' at once when no fence can be made (WebGL 1, a lost
 * context), after flushing what was asked.
 */
export async function gpuFence(
  gl: WebGLRenderingContext | WebGL2RenderingContext,
  { limit, wait, lost }: GpuFenceOptions,
): Promise<GpuFence> {
  const gl2 = gl as WebGL2RenderingContext;
  let sync: WebGLSync | null = null;
  try {
    sync = typeof gl2.fenceSync === 'function' ? gl2.fenceSync(gl2.SYNC_GPU_COMMANDS_COMPLETE, 0) : null;
    gl2.flush();
  } catch {
    sync = null;
  }
  if (!sync) return 'none';
  const gone = () => !!lost?.() || gl2.isContextLost();
  const started = performance.now();
  try {
    for (;;) {
      await wait();
      if (gone()) return 'lost';
      if (gl2.getSyncParameter(sync, gl2.SYNC_STATUS) === gl2.SIGNALED) return 'done';
      if (performance.now() - started >= limit) return 'timeout';
    }
  } finally {
    if (!gone()) gl2.deleteSync(sync);
  }
}
