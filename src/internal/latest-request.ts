/**
 * Latest-request-wins loading (in the manner of lit's Task, without its bytes): `run()` aborts the
 * previous run through its AbortSignal, and only the newest run resolves `done` or `failed`; an older
 * one resolves `superseded`, so a slow stale answer can never be shown over a newer one. Never rejects:
 * every failure arrives as an ElementError. A host that is gone (moved.ts: disconnected and not back
 * within the task) aborts its run; a host that was only moved keeps it.
 *
 * The classifier (to-element-error.ts, src/api/failure.ts) is imported only when a run fails: a page
 * whose first load succeeds never downloads it (about 0.4 KB gzip off a CDN gallery's first cards).
 * An offline page is the one whose first paint is the error, and the import may fail there too: then
 * the failure is an ElementError of kind 'network' with the thrown error's message, so the element
 * still shows its error state and fires its error event.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ElementError } from '../api/element-error-class.js';
import { DisconnectController } from './moved.js';

/** What the failure path needs from the lazily loaded classifier. */
export interface Classifier {
  toElementError(error: unknown): ElementError;
}

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
      const failure = await this.#classify(error);
      if (!current()) return { status: 'superseded' };
      return { status: 'failed', error: failure };
    } finally {
      if (run === this.#run) {
        this.#pending = false;
        this.#controller = undefined;
      }
    }
  }

  async #classify(error: unknown): Promise<ElementError> {
    if (error instanceof ElementError) return error;
    try {
      return (await this.loadClassifier()).toElementError(error);
    } catch {
      // the classifier's chunk did not load (offline): that is itself a network failure
      const message = error instanceof Error ? error.message : String(error);
      return new ElementError(message, { kind: 'network', cause: error });
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
