/**
 * Latest-request-wins loading (in the manner of lit's Task, without its bytes): `run()` aborts the
 * previous run through its AbortSignal, and only the newest run resolves `done` or `failed`; an older
 * one resolves `superseded`, so a slow stale answer can never be shown over a newer one. Never rejects:
 * every failure arrives as an ElementError. A host that is gone (moved.ts: disconnected and not back
 * within the task) aborts its run; a host that was only moved keeps it.
 *
 * The classifier is imported only when a run fails (element-error-of.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ElementError } from '../api/element-error-class.js';
import { elementErrorOf, type Classifier } from './element-error-of.js';
import { DisconnectController } from './moved.js';

export type { Classifier };

export type Outcome<T> =
  { status: 'done'; value: T } | { status: 'failed'; error: ElementError } | { status: 'superseded' };

export class LatestRequestController implements ReactiveController {
  #controller?: AbortController;
  #run = 0;
  #pending = false;
  /** Loads the classifier on the first failure (replaceable, for tests of the offline fallback). */
  loadClassifier: () => Promise<Classifier> = () => import('./to-element-error.js');

  constructor(host: ReactiveControllerHost) {
    host.addController(this);
    new DisconnectController(host, { gone: () => this.abort() });
  }

  /** True while the newest run has not settled. */
  get pending(): boolean {
    return this.#pending;
  }

  async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T>> {
    this.#controller?.abort(new DOMException('A newer request replaced this one', 'AbortError'));
    const controller = (this.#controller = new AbortController());
    const run = ++this.#run;
    this.#pending = true;
    const current = () => run === this.#run && !controller.signal.aborted;
    try {
      const value = await task(controller.signal);
      if (!current()) return { status: 'superseded' };
      return { status: 'done', value };
    } catch (error) {
      if (!current()) return { status: 'superseded' };
      const failure = await elementErrorOf(error, this.loadClassifier);
      if (!current()) return { status: 'superseded' };
      return { status: 'failed', error: failure };
    } finally {
      if (run === this.#run) {
        this.#pending = false;
        this.#controller = undefined;
      }
    }
  }

  // the inner DisconnectController does the disconnect work; this one is registered so the host keeps it
  hostConnected(): void {}

  /** Aborts the current run (it resolves `superseded`). */
  abort(): void {
    this.#run++;
    this.#pending = false;
    this.#controller?.abort(new DOMException('The request was aborted', 'AbortError'));
    this.#controller = undefined;
  }
}
