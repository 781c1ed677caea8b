/**
 * The one rule for an element that is moved in the DOM: moving is a disconnect and a connect in the same
 * task (appendChild of a connected node, a list re-sorted by a framework). Such an element keeps its
 * state: its request, its WebGL view, its viewer. Only an element still disconnected when the task ends
 * is gone, and then `gone()` releases what it holds.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface DisconnectCallbacks {
  /** The host was disconnected and not connected again within the same task. */
  gone(): void;
}

export class DisconnectController implements ReactiveController {
  #timer?: ReturnType<typeof setTimeout>;
  #moved = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly callbacks: DisconnectCallbacks,
  ) {
    host.addController(this);
  }

  /** True while the current connection is a move (the host came back before gone() ran). */
  get moved(): boolean {
    return this.#moved;
  }

  /** True between a disconnect and the task that decides the host is gone. */
  get leaving(): boolean {
    return this.#timer !== undefined;
  }

  hostConnected(): void {
    this.#moved = this.#timer !== undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#moved = false;
      this.callbacks.gone();
    }, 0);
  }
}
