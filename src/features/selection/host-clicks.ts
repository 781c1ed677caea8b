/**
 * A click or tap on the element (not the end of a drag: ClickTracker), as furniture selection and
 * both elements' surface picking listen for it: pointer listeners on the host while it is connected.
 * Written once here; the selection controller and the two surface features each carried the same
 * four listeners and their removal.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ClickTracker } from './component-selection.js';

export interface HostClickOptions {
  /** Whether a press here may start a click (the canvas, the plan's viewport). */
  startsOn(event: PointerEvent): boolean;
  /** The pointer's up ended a click that started where `startsOn` allowed. */
  clicked(event: PointerEvent): void;
}

export class HostClicks implements ReactiveController {
  #clicks = new ClickTracker();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: HostClickOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('pointerdown', this.#onDown);
    this.host.addEventListener('pointermove', this.#onMove);
    this.host.addEventListener('pointerup', this.#onUp);
    this.host.addEventListener('pointercancel', this.#onCancel);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('pointerdown', this.#onDown);
    this.host.removeEventListener('pointermove', this.#onMove);
    this.host.removeEventListener('pointerup', this.#onUp);
    this.host.removeEventListener('pointercancel', this.#onCancel);
  }

  #onDown = (event: PointerEvent) => {
    if (this.options.startsOn(event)) this.#clicks.down(event);
  };

  #onMove = (event: PointerEvent) => this.#clicks.move(event);

  #onCancel = (event: PointerEvent) => this.#clicks.cancel(event);

  #onUp = (event: PointerEvent) => {
    if (this.#clicks.up(event)) this.options.clicked(event);
  };
}
