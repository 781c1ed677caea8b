/**
 * Sends checked furniture files (prepare.ts) to the mesh-decoding worker (decode-worker.ts), one at a
 * time, each with a deadline (`limits.decodeMs`): a file that overruns it is refused and the worker is
 * terminated (its decoders' memory goes with it) and made again for the next file. One worker, and so
 * one Basis transcoder, for the thread that draws (the page or the render worker). Where no worker can
 * be had (no module workers, a CSP without worker-src for our origin, a bundle that left the file out)
 * the same decoding runs on the calling thread, after the same checks.
 */
import type { DecodeRequest, decodeFile } from './decode.js';
import { FurnitureMeshError, fromProblem, type MeshProblem } from './errors.js';
import type { PlainMesh } from './plain-mesh.js';

export interface DecodeMessage {
  id: number;
  request: DecodeRequest;
}

export type DecodeAnswer =
  | { id: number; mesh: PlainMesh; problem?: undefined }
  | { id: number; problem: MeshProblem; mesh?: undefined };

interface Job {
  id: number;
  request: DecodeRequest;
  resolve: (mesh: PlainMesh) => void;
  reject: (error: unknown) => void;
}

/** What the client did (tests read it). */
export interface DecodeClientStats {
  /** Workers started (a worker stopped at a deadline is replaced by the next). */
  started: number;
  /** Files stopped at their deadline. */
  overruns: number;
  /** Files decoded (here, in the worker, or for the render worker through host.ts). */
  decoded: number;
  /** Where the last file was decoded. */
  ranIn?: 'worker' | 'here';
}

/** Decodes on the calling thread (page-fallback.ts gives it, on the page only). */
export type InThreadDecoder = () => Promise<typeof decodeFile>;

class DecodeClient {
  /**
   * In the render worker: the page's mesh decoder, reached through this port (host.ts answers on the
   * page). The page's one decoding worker, deadline and transcoder then serve every viewer.
   */
  #remote: MessagePort | undefined;
  /**
   * The decoding on this thread where no worker can be had: set on the page (page-fallback.ts), never
   * in the render worker, which draws every viewer of the page and must not decode (issue 34).
   */
  inThread: InThreadDecoder | undefined;
  /**
   * Starts the decoding worker: set by the element layer (src/elements/room-viewer/mesh-decoder-start.ts),
   * which starts it as the package's other workers are, through src/internal/worker-start.ts (a CDN on
   * another origin, a pinned page's integrity, a configured URL). Unset: no worker, the file is decoded
   * on this thread where that is allowed.
   */
  startWorker: (() => Worker) | undefined;
  #worker: Worker | undefined;
  /** Set once a worker could not start: every later file is decoded here. */
  #broken = typeof Worker !== 'function';
  /** A worker has answered at least once (an error before that means it cannot start). */
  #answered = false;
  #queue: Job[] = [];
  #current: Job | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #nextId = 1;
  readonly stats: DecodeClientStats = { started: 0, overruns: 0, decoded: 0 };

  /** Sends every later file to the page's decoder through `port` (the render worker does, on start). */
  connect(port: MessagePort): void {
    this.#remote?.close();
    this.#remote = port;
    port.onmessage = ({ data }: MessageEvent<DecodeAnswer>) => this.#answer(data);
  }

  /** An answer of the decoder (this page's worker, or the page's through the port): the job it is for settles. */
  #answer(data: DecodeAnswer): void {
    const job = this.#current;
    if (!job || job.id !== data.id) return;
    this.#finish(job);
    this.stats.ranIn = 'worker';
    if (data.mesh) job.resolve(data.mesh);
    else job.reject(fromProblem(data.problem));
  }

  decode(request: DecodeRequest): Promise<PlainMesh> {
    return new Promise<PlainMesh>((resolve, reject) => {
      const done = (mesh: PlainMesh) => {
        this.stats.decoded++;
        resolve(mesh);
      };
      this.#queue.push({ id: this.#nextId++, request, resolve: done, reject });
      this.#next();
    });
  }

  #next(): void {
    if (this.#current) return;
    const job = this.#queue.shift();
    if (!job) return;
    if (this.#remote) {
      // the page keeps the deadline (it can terminate its worker); this thread only waits
      this.#current = job;
      const { request } = job;
      this.#remote.postMessage({ id: job.id, request } satisfies DecodeMessage, transferOf(request));
      return;
    }
    const worker = this.#theWorker();
    if (!worker) {
      if (!this.inThread) {
        job.reject(
          new FurnitureMeshError(`${job.request.url}: the mesh-decoding worker could not start`, 'invalid'),
        );
        queueMicrotask(() => this.#next());
        return;
      }
      this.stats.ranIn = 'here';
      this.#current = job;
      this.inThread()
        .then((decode) => decode(job.request))
        .then(job.resolve, job.reject)
        .finally(() => {
          this.#current = undefined;
          this.#next();
        });
      return;
    }
    this.#current = job;
    const { request } = job;
    this.#timer = setTimeout(() => this.#overrun(job), request.limits.decodeMs);
    try {
      // moved once the worker has shown it runs; copied before, so a worker that cannot start leaves
      // the file here to decode on this thread
      worker.postMessage(
        { id: job.id, request } satisfies DecodeMessage,
        this.#answered ? transferOf(request) : [],
      );
    } catch (error) {
      this.#finish(job);
      job.reject(new FurnitureMeshError(`${request.url}: ${(error as Error)?.message ?? error}`, 'invalid'));
    }
  }

  #theWorker(): Worker | undefined {
    if (this.#broken) return undefined;
    if (this.#worker) return this.#worker;
    try {
      if (!this.startWorker) throw new Error('no decoding worker on this page');
      this.#worker = this.startWorker();
    } catch {
      this.#broken = true;
      return undefined;
    }
    this.stats.started++;
    this.#worker.onmessage = ({ data }: MessageEvent<DecodeAnswer>) => {
      this.#answered = true;
      this.#answer(data);
    };
    // a worker that cannot load (404, CSP, a syntax error) fires `error`: decode here from now on
    this.#worker.onerror = (event) => {
      event.preventDefault();
      const job = this.#current;
      this.#stop();
      if (!this.#answered) this.#broken = true;
      if (!job) return;
      this.#finish(job);
      // the worker never ran: the file (copied to it, not moved) is decoded here instead
      if (this.#broken) this.#queue.unshift(job);
      else job.reject(new FurnitureMeshError(`${job.request.url}: the mesh decoder failed`, 'invalid'));
    };
    return this.#worker;
  }

  #overrun(job: Job): void {
    if (this.#current !== job) return;
    this.stats.overruns++;
    this.#stop();
    this.#finish(job);
    job.reject(
      new FurnitureMeshError(
        `${job.request.url} took longer than ${job.request.limits.decodeMs} ms to decode: kept as a box`,
        'invalid',
      ),
    );
  }

  #stop(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
  }

  #finish(job: Job): void {
    if (this.#current === job) this.#current = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    queueMicrotask(() => this.#next());
  }

  /** Stops the worker and refuses what waits (tests start from nothing). */
  reset(): void {
    this.#stop();
    const waiting = [...this.#queue, ...(this.#current ? [this.#current] : [])];
    this.#queue = [];
    if (this.#current) this.#finish(this.#current);
    for (const job of waiting)
      job.reject(new FurnitureMeshError(`${job.request.url}: the furniture cache was reset`, 'invalid'));
    this.stats.started = 0;
    this.stats.overruns = 0;
    this.stats.decoded = 0;
    this.stats.ranIn = undefined;
  }
}

/** The file and its resources' bytes, moved with a request (each buffer once). */
function transferOf(request: DecodeRequest): Transferable[] {
  return [...new Set([request.file, ...request.resources.map(([, bytes]) => bytes.buffer as ArrayBuffer)])];
}

/** The thread's one client (on globalThis: a second copy of this chunk shares its worker). */
const STORE = Symbol.for('room-elements.mesh-decoder');
const scope = globalThis as typeof globalThis & { [STORE]?: DecodeClient };
export const meshDecoder: DecodeClient = (scope[STORE] ??= new DecodeClient());
