/**
 * The page stays scrollable over `<room-viewer>` and `<room-plan>` (Google Maps' "cooperative" gesture
 * handling, model-viewer's `touch-action: pan-y`): the wheel zooms the element only with Ctrl / ⌘ held,
 * in full screen, or after a click inside (until the pointer leaves or focus goes); otherwise the
 * wheel is left to the page, which scrolls, and a short hint (`part="hint"`) says how to zoom. On
 * touch, one finger scrolls the page and two move the view. `gesture-handling="greedy"` gives the
 * element every wheel turn and every finger, as before.
 *
 * The controller only decides and shows the hint; each element asks it: the viewer through
 * `gateWheel` / `touchScrolls` (src/three/controls.ts), the plan in room-plan/navigation.ts.
 */
import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { lookup, languageOf } from '../../internal/language.js';
import { GESTURE_STRINGS, type HintKey } from './gestures.strings.js';

type Host = ReactiveControllerHost & HTMLElement;

/** `gesture-handling`: `cooperative` (the default) keeps the page scrollable; `greedy` zooms on every wheel turn. */
export type GestureHandling = 'cooperative' | 'greedy';

/** What an element's own wheel and pointer handling asks before it zooms or pans. */
export interface GestureGate {
  /** Whether this wheel event zooms the element (false: the page scrolls, and the hint shows). */
  wheel(event: WheelEvent): boolean;
  /** Whether one finger scrolls the page (the element moves only with two). */
  touchScrolls(): boolean;
}

/** How long the hint stays after the last wheel turn or finger that it answers. */
const HINT_MS = 1500;

function onMac(): boolean {
  const data = (navigator as { userAgentData?: { platform?: string } }).userAgentData;
  return /mac|iphone|ipad/i.test(data?.platform || navigator.platform || navigator.userAgent);
}

export class WheelGuard implements ReactiveController, GestureGate {
  /** A click inside: the wheel zooms until the pointer leaves or focus goes. */
  #engaged = false;
  #hint?: HintKey;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: Host,
    private readonly options: {
      /** The element's `gesture-handling`. */
      policy: () => GestureHandling | string | undefined;
      /** Whether the element is full screen (the whole screen is the element: the wheel zooms). */
      fullscreen: () => boolean;
    },
  ) {
    host.addController(this);
  }

  get greedy(): boolean {
    return this.options.policy() === 'greedy';
  }

  /** Whether a click inside gave the wheel to the element (tests and tools). */
  get engaged(): boolean {
    return this.#engaged;
  }

  hostConnected(): void {
    this.host.addEventListener('pointerdown', this.#onPointerDown);
    this.host.addEventListener('pointerleave', this.#disengage);
    this.host.addEventListener('focusout', this.#onFocusOut);
    // not passive: a two-finger move must not scroll the page as well as move the view
    this.host.addEventListener('touchmove', this.#onTouchMove, { passive: false });
  }

  hostDisconnected(): void {
    this.host.removeEventListener('pointerdown', this.#onPointerDown);
    this.host.removeEventListener('pointerleave', this.#disengage);
    this.host.removeEventListener('focusout', this.#onFocusOut);
    this.host.removeEventListener('touchmove', this.#onTouchMove);
    clearTimeout(this.#timer);
    this.#engaged = false;
    this.#hint = undefined;
  }

  wheel(event: WheelEvent): boolean {
    if (this.greedy || this.options.fullscreen() || this.#engaged || event.ctrlKey || event.metaKey)
      return true;
    this.#show(onMac() ? 'wheelMac' : 'wheel');
    return false;
  }

  touchScrolls(): boolean {
    return !this.greedy && !this.options.fullscreen();
  }

  /** The hint, while one is due (render it in the shadow root over the element). */
  render(): unknown {
    const key = this.#hint;
    // aria-hidden: it answers a mouse wheel or a finger; keyboard and screen reader users have the label
    return html`<div part="hint" class="gesture-hint" aria-hidden="true" ?hidden=${!key}>
      ${key ? lookup(GESTURE_STRINGS, languageOf(this.host), key) : ''}
    </div>`;
  }

  #show(key: HintKey): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#hint = undefined;
      this.host.requestUpdate();
    }, HINT_MS);
    if (this.#hint === key) return;
    this.#hint = key;
    this.host.requestUpdate();
  }

  #hide(): void {
    if (!this.#hint) return;
    clearTimeout(this.#timer);
    this.#hint = undefined;
    this.host.requestUpdate();
  }

  #onPointerDown = (event: PointerEvent): void => {
    // a tap does not take the page's scrolling away from a finger; a mouse or pen click engages the wheel
    if (event.pointerType === 'touch') return;
    this.#engaged = true;
    this.#hide();
  };

  #disengage = (): void => {
    this.#engaged = false;
  };

  #onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    if (next && (this.host.contains(next) || this.host.shadowRoot?.contains(next))) return;
    this.#engaged = false;
  };

  #onTouchMove = (event: TouchEvent): void => {
    if (!this.touchScrolls()) return;
    if (event.touches.length >= 2) {
      if (event.cancelable) event.preventDefault();
      this.#hide();
    } else {
      this.#show('touch');
    }
  };
}
