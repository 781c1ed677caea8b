/**
 * `<room-viewer>`'s inputs: what room to show (beside the FML inputs, features/model-source/fml-inputs.ts)
 * and how to draw it, declared and documented once. The core (base.ts) reads them; features add their
 * own inputs in their mixins.
 */
import { property } from 'lit/decorators.js';
import type { RoomModelJson } from '../../model/types.js';
import { FmlInputs } from '../../features/model-source/fml-inputs.js';
import { ProductsHost } from '../../features/products/products-host.js';
import { onUnlessFalse } from '../../internal/converters.js';
// types only: three.js itself is a lazy chunk
import type { CameraMode, ComponentLoader } from '../../three/index.js';

export abstract class RoomViewerInputs extends FmlInputs(ProductsHost) {
  /** Room to fetch (GET /rooms/:id) with its model. */
  @property({ attribute: 'room-id' }) roomId?: string;

  /** URL of a model JSON document (or of a whole room document with a `model` member), instead of `room-id`. */
  @property() src?: string;

  /** A model object, instead of `room-id` or `src` (read leniently, as the service sends it). */
  @property({ attribute: false }) model?: RoomModelJson;

  /**
   * Start view: `model` (the model's own camera, default), `orbit` (the whole room at an angle), `top`, or
   * `walk`: first person at eye height (160 cm) from the floor's first walkthrough camera (else the largest
   * area's centre), walls holding; ↑/W and ↓/S walk, ←/A and →/D turn, Shift+←/→ or Q/E step aside, a drag
   * looks around, a tap on the floor walks there; stairs lead to the floor they join (docs/walk.md).
   */
  @property() camera: CameraMode = 'model';

  /** Orbit / zoom / pan with mouse, touch and keyboard. On by default; `controls="false"` turns it off. */
  @property({ converter: onUnlessFalse }) controls = true;

  /**
   * Turns the room slowly around its centre; still under `prefers-reduced-motion` (followed live, as
   * the panorama's).
   */
  @property({ type: Boolean, attribute: 'auto-rotate' }) autoRotate = false;

  /** Alias of `auto-rotate` (the panorama's first name for it): either attribute turns it on. */
  @property({ type: Boolean }) autorotate = false;

  /** `lazy` (default): start when the element nears the viewport; `eager`: start at once. */
  @property() loading: 'lazy' | 'eager' = 'lazy';

  /** Root of the room-styling service; default: configure()'s apiBase. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /**
   * Root that relative texture paths in the model (e.g. `floor_and_wall/original/oak.jpg`) resolve against.
   * Without it only absolute http(s) texture URLs are loaded; other surfaces show their colour.
   */
  @property({ attribute: 'media-base' }) mediaBase?: string;

  /**
   * How the page supplies real furniture: called once per distinct component, resolves to an Object3D in the
   * component's own frame (centimetres, z up), or null to keep the box. The viewer disposes what it returns.
   * A function runs on the thread that made it: a viewer with one draws on the page's thread (`furniture-base`
   * serves the products' meshes in the render worker).
   */
  @property({ attribute: false }) componentLoader?: ComponentLoader;

  /**
   * Root of the products' 3D models (glTF binary): each piece of furniture's `model` path, its extension
   * made `.glb`, is fetched under it (`models/ab/<id>_00.mi` → `{furniture-base}/models/ab/<id>_00.glb`)
   * and its box is swapped for the mesh, fitted into the piece's bounding box, once it arrives. One cache
   * for every viewer of the page; a product without a mesh (404) keeps its box; a failed or oversized
   * mesh keeps its box and fires a non-fatal `model-error`. Default: configure()'s `furnitureBase`
   * (unset: boxes). A `componentLoader` wins over it.
   */
  @property({ attribute: 'furniture-base' }) furnitureBase?: string;

  /** Walls cut at this height (cm), as the service's 3D export cuts them so the rooms show. */
  @property({ type: Number, attribute: 'section-height' }) sectionHeight?: number;

  /**
   * Where the room is built and drawn. `worker` (default, or `configure({ viewerRenderer })`'s): in a worker,
   * on an OffscreenCanvas, so the page's thread evaluates no three.js and does no WebGL work; every feature
   * works there (selection, hotspots, measuring, `cutaway`, `flyTo()` and the camera attributes,
   * `sync-camera`, a `<room-plan for>`, `floor="all"`, `furniture-base`, `toBlob()`), and every event is the
   * same. `main`: on the page's thread. A viewer also draws there with a page `componentLoader` (a function
   * runs where it was made), in a browser without OffscreenCanvas, or where the worker cannot start, has no
   * WebGL or stops answering (`renderThread` says where the room is drawn).
   */
  @property() renderer?: 'main' | 'worker';
}
