/**
 * How `<room-viewer>` hands a new drawing to its features (issue 33): the drawing starts at once (the
 * render worker builds the room meanwhile), the features take it up (`viewReady`) in the next task and
 * render it in the one after, so on a phone none of the three is a long task (together they were one
 * of about 100 ms at 4× CPU). A frame drawn before the features took the drawing up waits for them:
 * `model-load` and the features' `drawnFrame` still come after `viewReady` and its render, as when it
 * all ran in one task. The element's first render waits for a task boundary the same way.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { yieldToPage } from '../../platform/yield.js';
import type { RoomDrawing } from '../../three/drawing.js';

export class ViewTakeUp implements ReactiveController {
  /** The drawing the features have taken up: its frames pass. */
  #ready?: RoomDrawing;
  /** Frames of a drawing not taken up yet, in order. */
  #held: (() => void)[] = [];
  #renderAfter?: Promise<void>;
  #host: ReactiveElement;

  constructor(host: ReactiveElement) {
    this.#host = host;
    host.addController(this);
  }

  /** The host's first render in a task of its own, after the one that defined and upgraded it. */
  hostConnected(): void {
    if (!this.#host.hasUpdated) this.renderLater();
  }

  /** The host's next render waits for a task boundary, started now (call before the work it follows). */
  renderLater(): void {
    this.#renderAfter = yieldToPage();
  }

  /** What the host's scheduleUpdate() waits for before it renders (undefined: nothing). */
  takeRenderWait(): Promise<void> | undefined {
    const after = this.#renderAfter;
    this.#renderAfter = undefined;
    return after;
  }

  /** True when a frame of `drawing` must wait: `replay` then runs once the drawing is taken up. */
  hold(drawing: RoomDrawing | undefined, replay: () => void): boolean {
    if (!drawing || drawing === this.#ready) return false;
    this.#held.push(replay);
    return true;
  }

  /**
   * The features have taken `drawing` up: the host renders it (in a task of its own: renderLater()), then
   * the frames held so far pass, in order, unless the drawing is no longer `shown`.
   */
  async rendered(drawing: RoomDrawing, shown: () => boolean): Promise<void> {
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    if (!shown()) return;
    this.#ready = drawing;
    for (const replay of this.#held.splice(0)) replay();
  }

  /** The drawing is gone: nothing of it waits. */
  reset(): void {
    this.#ready = undefined;
    this.#held = [];
  }
}
