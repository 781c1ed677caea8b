/**
 * `<room-plan>`'s full screen and wheel guard at work (features/snapshot.ts keeps the contract): made with the
 * plan's parts, right after its first paint (after-paint.ts; issue 33, the sixteenth round).
 */
import { FullscreenController } from '../../../features/fullscreen/fullscreen.js';
import { WheelGuard } from '../../../features/fullscreen/wheel-guard.js';

type Host = ConstructorParameters<typeof FullscreenController>[0];

export class PlanGestures {
  /** Full screen on the plan and its button. */
  readonly fullscreen: FullscreenController;
  /** Whether the wheel zooms and one finger scrolls the page, with its hint. */
  readonly guard: WheelGuard;

  constructor(host: Host, toggled: (on: boolean) => void, policy: () => string | undefined) {
    this.fullscreen = new FullscreenController(host, toggled);
    this.guard = new WheelGuard(host, { policy, fullscreen: () => this.fullscreen.active });
  }
}
