/**
 * `<room-plan for>`'s link at work (features/sync.ts keeps the contract): finding the viewer (now or
 * when it appears), its camera and view cone drawn from its frames, the area it looks at, a click on an
 * area flying the viewer there, `selected` kept the same on both and a swapped piece drawn in place.
 * A chunk of its own (with you-are-here-part.ts), fetched by a plan that has `for`, beside its parts
 * right after its first paint, or when `for` is set later (issue 33, the sixteenth round: the marker
 * comes a moment after the plan; a plan without `for` never downloads it).
 *
 * The camera follows the viewer's frames (their camera, src/features/motion/camera-feed.ts, on whichever
 * thread the viewer draws), not `camera-change`: that event
 * says only what the user did, while the cone must also follow flights, `camera-orbit` and auto-rotate.
 * A frame costs one comparison, and when the camera moved, two `transform` attributes set on SVG
 * elements rendered once: the plan's template is not rendered again (bench/scenarios/36-sync.ts).
 */
import { svg } from 'lit';
import { CLICK_SLOP } from '../../../platform/click-slop.js';
import { pointInRing } from '../../../model/polygon.js';
import type { AreaGeometry, RoomModel, Vec2 } from '../../../model/types.js';
import type { RoomChangeDetail } from '../../../events/room-change.js';
import { placeReplacement, type Replacement } from '../../../features/swap/replacement.js';
import { cameraFeedOf, worldToModel, type CameraPose } from '../../../features/motion/camera-feed.js';
import type { PlanShown } from '../base.js';
import type { pointsOf as PointsOf, r as R } from '../drawing/svg.js';

// a tour's stops (you-are-here.ts) come with the link
export { YouAreHerePart } from './you-are-here-part.js';

/** What the plan needs of the viewer it is linked to (a `<room-viewer>`; structural, so no import cycle). */
export interface LinkedViewer extends HTMLElement {
  flyTo(target: string): Promise<void>;
  selected?: unknown;
}

/** What the part asks of its plan (the mixin's closures over its protected members). */
export interface PlanSyncHost {
  element: HTMLElement & { htmlFor?: string; measure?: boolean; selected?: unknown; renderRoot: ParentNode };
  shown(): PlanShown | undefined;
  showEditedModel(model: RoomModel): void;
  areaActivated(area: AreaGeometry): void;
  /** The plan's own number and ring writers (drawing/svg.ts), handed in: this chunk imports nothing of the element's modules. */
  svg: { r: typeof R; pointsOf: typeof PointsOf };
}

/**
 * Camera states closer than this (model units, and the aspect) are drawn the same: half the drawing's
 * rounding step (r(): 0.01), so skipping a frame never leaves the dot or cone visibly behind. It was
 * 0.05: the slow end of a flight moves the camera less than that per frame, so the dot could stop up to
 * 0.05 short of where the camera came to rest (room-plan-sync.test.ts failed about one run in three).
 */
const SAME_CAMERA = 0.005;

const isViewer = (element: Element | null): element is LinkedViewer =>
  !!element && typeof (element as Partial<LinkedViewer>).flyTo === 'function';

export class PlanSyncPart {
  viewer?: LinkedViewer;
  lookedAt?: AreaGeometry;
  /** Stops hearing the viewer's camera. */
  #stop?: () => void;
  /** The viewer's camera in its last frame. */
  #pose?: CameraPose;
  #watch?: MutationObserver;
  /** The last camera drawn (model x, y of camera and target): frames that did not move it cost nothing more. */
  #drawn = [NaN, NaN, NaN, NaN, NaN];
  /** The camera layer's elements (found once per render: frames only set their attributes). */
  #elements?: {
    camera?: SVGGElement | null;
    cone?: SVGPolygonElement | null;
    outline?: SVGPolygonElement | null;
  };
  #down?: { x: number; y: number; area?: string; time: number; picked?: boolean };
  /** The model as the plan loaded it, before a linked viewer's swaps (what a piece goes back to). */
  #unswapped?: RoomModel;

  constructor(private readonly host: PlanSyncHost) {}

  /** The plan is in the page: hears its clicks and links to its viewer. */
  connect(): void {
    this.#listen(true);
    this.link();
  }

  disconnect(): void {
    this.#listen(false);
    this.#unlink();
  }

  /** The plan's own presses and clicks (an area clicked), and its selection (kept the same on the viewer). */
  #listen(on: boolean): void {
    const { element } = this.host;
    const method = on ? 'addEventListener' : 'removeEventListener';
    element.renderRoot[method]('pointerdown', this.#onPointerDown as EventListener, { capture: true });
    element.renderRoot[method]('click', this.#onClick as EventListener);
    element[method]('component-select', this.#onPlanSelect);
  }

  /** After a render: it may have made the camera's elements anew; draw the camera on them. */
  updated(): void {
    this.#elements = undefined;
    this.#drawn = [NaN, NaN, NaN, NaN, NaN];
    if (this.#pose) this.#follow(this.#pose);
  }

  planReady(shown: PlanShown): void {
    this.#unswapped = shown.model;
    this.lookedAt = undefined;
    this.#drawn = [NaN, NaN, NaN, NaN, NaN];
    if (this.#pose) this.#follow(this.#pose);
  }

  /** The camera's layer (hidden until the viewer's first frame is heard). */
  layers(shown: PlanShown): unknown[] {
    const { fit } = shown.drawing;
    const size = Math.max(fit.width, fit.height);
    // the cone is a unit triangle along +x that each frame turns and stretches (transform only)
    return [
      svg`<g class="sync" aria-hidden="true">
        <polygon part="area-looked-at" class="looked-at" visibility="hidden" points=""
          fill="none" stroke="#1f5fbf" stroke-width="3" vector-effect="non-scaling-stroke"></polygon>
        <g part="camera" class="camera" visibility="hidden">
          <polygon part="camera-cone" class="cone" points="0,0 1,-1 1,1"
            fill="#1f5fbf" fill-opacity="0.22" stroke="#1f5fbf" stroke-width="1.5" vector-effect="non-scaling-stroke"></polygon>
          <circle part="camera-position" class="position" r=${this.host.svg.r(size * 0.012)}
            fill="#1f5fbf" stroke="#fff" stroke-width="2" vector-effect="non-scaling-stroke"></circle>
        </g>
      </g>`,
    ];
  }

  /** Finds the viewer named by `for` (now, or when it appears in the same root). */
  link(): void {
    this.#unlink();
    const { element } = this.host;
    const id = element.htmlFor?.trim();
    if (!id) return;
    const root = element.getRootNode() as Document | ShadowRoot;
    const found = root.getElementById?.(id) ?? null;
    if (isViewer(found)) {
      this.#attach(found);
      return;
    }
    // the viewer may be added (or defined, or given its id) after the plan
    const watched = root instanceof Document ? root.documentElement : root;
    this.#watch = new MutationObserver(() => {
      const later = root.getElementById?.(id) ?? null;
      if (!isViewer(later)) return;
      this.#watch?.disconnect();
      this.#watch = undefined;
      this.#attach(later);
    });
    this.#watch.observe(watched, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['id'],
    });
    if (!customElements.get('room-viewer'))
      void customElements.whenDefined('room-viewer').then(() => {
        const defined = root.getElementById?.(id) ?? null;
        if (this.#watch && isViewer(defined)) this.#attach(defined);
      });
  }

  #attach(viewer: LinkedViewer): void {
    this.#watch?.disconnect();
    this.#watch = undefined;
    this.viewer = viewer;
    viewer.addEventListener('model-load', this.#onViewerLoad);
    viewer.addEventListener('component-select', this.#onViewerSelect);
    viewer.addEventListener('room-change', this.#onViewerChange);
    this.#watchView();
    // what reads the linked element (you-are-here.ts) looks again
    (this.host.element as unknown as { requestUpdate(): void }).requestUpdate();
  }

  #unlink(): void {
    this.#watch?.disconnect();
    this.#watch = undefined;
    this.#stop?.();
    this.#stop = undefined;
    this.#pose = undefined;
    this.viewer?.removeEventListener('model-load', this.#onViewerLoad);
    this.viewer?.removeEventListener('component-select', this.#onViewerSelect);
    this.viewer?.removeEventListener('room-change', this.#onViewerChange);
    this.viewer = undefined;
    this.#show(false);
  }

  /** Hears the viewer's camera (its feed is made with the element: a viewer defined later is heard at its model-load). */
  #watchView(): void {
    if (this.#stop) return;
    const feed = this.viewer && cameraFeedOf(this.viewer);
    this.#drawn = [NaN, NaN, NaN, NaN, NaN];
    if (!feed) return this.#show(false);
    this.#stop = feed.listen(this.#follow);
  }

  #onViewerLoad = () => {
    this.#watchView();
    // the viewer's room loaded anew is the model's own: so are the plan's pieces
    if (this.#unswapped && this.host.shown()?.model !== this.#unswapped)
      this.host.showEditedModel(this.#unswapped);
  };

  /**
   * The viewer swapped a piece (or put one back, `after: null`): the plan draws the same piece in the
   * same place (features/swap/replacement.ts), so its footprint, the description and `products` follow.
   */
  #onViewerChange = (event: Event): void => {
    const { kind, target, after } = (event as CustomEvent<RoomChangeDetail>).detail;
    const shown = this.host.shown();
    const piece = this.#unswapped?.components.find((c) => c.id === target);
    if (kind !== 'replace' || !shown || !piece || piece.kind !== 'furniture') return;
    const placed = after ? placeReplacement(piece, after as Replacement) : piece;
    this.host.showEditedModel({
      ...shown.model,
      components: shown.model.components.map((c) => (c.id === target ? placed : c)),
    });
  };

  #show(visible: boolean): void {
    const root = this.host.element.renderRoot;
    for (const el of root.querySelectorAll?.('.sync > *') ?? []) {
      if (!visible) el.setAttribute('visibility', 'hidden');
    }
  }

  /** Draws the viewer's camera (called after each of the viewer's frames). */
  #follow = (pose: CameraPose): void => {
    this.#pose = pose;
    const shown = this.host.shown();
    if (!shown) return;
    const position = worldToModel(pose.position);
    const target = worldToModel(pose.target);
    // the plan's x, y of camera and target; the vertical field of view with the aspect gives the cone
    const state = [position[0], position[1], target[0], target[1], pose.aspect];
    const drawn = this.#drawn;
    if (state.every((v, i) => Math.abs(v - drawn[i]!) < SAME_CAMERA)) return;
    this.#drawn = state;
    const { camera, cone } = this.#layer();
    if (!camera || !cone) return;
    const { r } = this.host.svg;
    const { fit } = shown.drawing;
    const size = Math.max(fit.width, fit.height);
    // a camera outside the drawn plan (an overview from afar) is shown at the plan's edge, on its way
    // to what it looks at, so its direction still reads
    const inset = size * 0.03;
    const [x, y, outside] = onPlan(
      [position[0], position[1]],
      [target[0], target[1]],
      [fit.x + inset, -(fit.y + fit.height) + inset],
      [fit.x + fit.width - inset, -fit.y - inset],
    );
    camera.classList.toggle('outside', outside);
    const dx = target[0] - x;
    const dy = target[1] - y;
    const reach = Math.hypot(dx, dy);
    // the cone reaches what the camera looks at, kept readable: not a speck, not across the whole plan
    const length = Math.min(size * 0.45, Math.max(size * 0.08, reach));
    const half = Math.atan(Math.tan((pose.fov * Math.PI) / 180 / 2) * pose.aspect);
    // SVG's y points down: the heading turns the other way round
    const heading = (Math.atan2(-dy, dx) * 180) / Math.PI;
    setIfChanged(camera, 'transform', `translate(${r(x)} ${r(-y)})`);
    setIfChanged(
      cone,
      'transform',
      `rotate(${r(heading)}) scale(${r(length)} ${r(length * Math.tan(half))})`,
    );
    // looking straight down, the cone has no heading: only the dot shows
    setIfChanged(cone, 'visibility', reach < 1 ? 'hidden' : 'visible');
    setIfChanged(camera, 'visibility', 'visible');
    this.#highlight(shown, [target[0], target[1]]);
  };

  #layer() {
    const root = this.host.element.renderRoot;
    this.#elements ??= {
      camera: root.querySelector?.<SVGGElement>('.sync .camera'),
      cone: root.querySelector?.<SVGPolygonElement>('.sync .cone'),
      outline: root.querySelector?.<SVGPolygonElement>('.sync .looked-at'),
    };
    return this.#elements;
  }

  #highlight(shown: PlanShown, target: Vec2): void {
    const current = this.lookedAt;
    // most frames the target stays in the same area, and areas nest: a deeper one may still hold it
    let found: AreaGeometry | undefined;
    for (const area of shown.plan.areas)
      if ((!found || area.depth > found.depth) && pointInRing(target, area.polygon)) found = area;
    const { outline } = this.#layer();
    if (found === current && outline?.getAttribute('visibility') === (found ? 'visible' : 'hidden')) return;
    this.lookedAt = found;
    if (!outline) return;
    outline.setAttribute('points', found ? this.host.svg.pointsOf(found.polygon) : '');
    outline.setAttribute('visibility', found ? 'visible' : 'hidden');
    if (found) outline.setAttribute('data-area', found.name);
    else outline.removeAttribute('data-area');
  }

  /** Which area a pointer went down on (the plan's own area shapes and labels carry `data-area`). */
  #areaIn(event: Event): string | undefined {
    for (const node of event.composedPath()) {
      if (node === this.host.element) break;
      // the plan's drawing only: the description's area buttons call areaActivated() themselves
      if (!(node instanceof SVGElement)) continue;
      // a piece of furniture, a door or a measuring point over the area is not the area
      if (node.matches('[data-component], [data-component-id], [part~="component"]')) return undefined;
      const area = node.getAttribute('data-area');
      if (area !== null && !node.classList.contains('looked-at')) return area;
    }
    return undefined;
  }

  #onPointerDown = (event: PointerEvent): void => {
    this.#down = { x: event.clientX, y: event.clientY, area: this.#areaIn(event), time: event.timeStamp };
  };

  #onClick = (event: MouseEvent): void => {
    const shown = this.host.shown();
    if (!this.viewer || !shown || event.defaultPrevented || event.button !== 0) return;
    if (this.host.element.measure) return;
    const down = this.#down;
    this.#down = undefined;
    // a click that ends a drag moved the plan; with pointer capture its target is the viewport, so
    // the area is the one the pointer went down on
    let name: string | undefined;
    if (down && event.timeStamp - down.time < 1500) {
      if (down.picked || Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_SLOP) return;
      name = down.area;
    } else name = this.#areaIn(event);
    const area = name === undefined ? undefined : shown.plan.areas.find((a) => a.name === name);
    if (area) this.host.areaActivated(area);
  };

  /** The viewer picked a component: the plan shows the same selection (unless the pick was cancelled). */
  #onViewerSelect = (event: Event): void => {
    const viewer = this.viewer;
    if (!viewer) return;
    // after every listener had its say (one may cancel), and after the viewer took its selection
    queueMicrotask(() => {
      const plan = this.host.element;
      if (!event.defaultPrevented && 'selected' in plan) plan.selected = copyOf(viewer.selected);
    });
  };

  #onPlanSelect = (event: Event): void => {
    // a piece of furniture picked by this click (features/selection.ts picks on pointerup): not the area under it
    if (this.#down) this.#down.picked = true;
    const viewer = this.viewer;
    if (!viewer) return;
    queueMicrotask(() => {
      if (!event.defaultPrevented && 'selected' in viewer)
        viewer.selected = copyOf(this.host.element.selected);
    });
  };
}

/** Each element keeps its own selection (a shared array would change under the other one). */
function copyOf(selected: unknown): unknown {
  if (Array.isArray(selected)) return [...selected];
  if (selected instanceof Set) return new Set(selected);
  return selected;
}

/**
 * Where to draw a camera at `position` looking at `target` within the box `min`–`max` (model x, y): where
 * it is when inside, else where the line from the target to it leaves the box; and whether it was outside.
 */
export function onPlan(position: Vec2, target: Vec2, min: Vec2, max: Vec2): [number, number, boolean] {
  const inside = (p: Vec2) => p[0] >= min[0] && p[0] <= max[0] && p[1] >= min[1] && p[1] <= max[1];
  if (inside(position)) return [position[0], position[1], false];
  const clamp = (p: Vec2): Vec2 => [
    Math.min(max[0], Math.max(min[0], p[0])),
    Math.min(max[1], Math.max(min[1], p[1])),
  ];
  if (!inside(target)) {
    const [x, y] = clamp(position);
    return [x, y, true];
  }
  // the largest t in [0, 1] with target + t · (position − target) in the box
  let t = 1;
  for (let axis = 0; axis < 2; axis++) {
    const d = position[axis]! - target[axis]!;
    if (d > 0) t = Math.min(t, (max[axis]! - target[axis]!) / d);
    else if (d < 0) t = Math.min(t, (min[axis]! - target[axis]!) / d);
  }
  return [target[0] + t * (position[0] - target[0]), target[1] + t * (position[1] - target[1]), true];
}

/** Attribute writes cost style work even when the value is the same: write only changes. */
function setIfChanged(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
