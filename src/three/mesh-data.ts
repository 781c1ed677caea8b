/**
 * Collects flat-shaded triangles (positions, normals, uvs in centimetres) for one material and turns
 * them into one BufferGeometry, so all walls (or all floors) sharing a material are one draw call.
 * Held in typed arrays that grow by doubling (issue 34: no JS number arrays for geometry): a float in a
 * JS array costs 8 bytes or more and is copied once more into a Float32Array at the end.
 */
import { BufferGeometry, Float32BufferAttribute } from 'three';

/** A Float32Array that grows by doubling as values are pushed. */
class Floats {
  #array = new Float32Array(96);
  length = 0;

  push3(a: number, b: number, c: number): void {
    this.#room(3);
    this.#array[this.length++] = a;
    this.#array[this.length++] = b;
    this.#array[this.length++] = c;
  }

  push2(a: number, b: number): void {
    this.#room(2);
    this.#array[this.length++] = a;
    this.#array[this.length++] = b;
  }

  #room(more: number): void {
    if (this.length + more <= this.#array.length) return;
    const next = new Float32Array(this.#array.length * 2);
    next.set(this.#array);
    this.#array = next;
  }

  /** The values pushed, in an array of their own length. */
  values(): Float32Array {
    return this.#array.slice(0, this.length);
  }
}

/**
 * A run of vertices that belong to one surface of the room (`wall:<id>:<side>`, `area:<id>:floor`,
 * `area:<id>:ceiling`): kept on the geometry (`userData.surfaces`) so a hit triangle names its surface
 * and one surface can be given its own material (surfaces.ts) without splitting the merged mesh.
 */
export interface SurfaceRange {
  surface: string;
  start: number;
  count: number;
}

export class MeshData {
  readonly #positions = new Floats();
  readonly #normals = new Floats();
  readonly #uvs = new Floats();
  // the surfaces' tags (issue 37)
  readonly #ranges: SurfaceRange[] = [];
  #surface?: string;
  #surfaceStart = 0;

  get empty(): boolean {
    return this.#positions.length === 0;
  }

  /** Vertices added so far. */
  get vertices(): number {
    return this.#positions.length / 3;
  }

  vertex(x: number, y: number, z: number, nx: number, ny: number, nz: number, u: number, v: number): void {
    this.#positions.push3(x, y, z);
    this.#normals.push3(nx, ny, nz);
    this.#uvs.push2(u, v);
  }

  /** The vertices added from now on belong to `surface` (undefined: to none, e.g. a wall's cut top or end). */
  mark(surface: string | undefined): void {
    if (surface === this.#surface) return;
    this.#closeRange();
    this.#surface = surface;
    this.#surfaceStart = this.vertices;
  }

  #closeRange(): void {
    const count = this.vertices - this.#surfaceStart;
    if (this.#surface === undefined || count <= 0) return;
    const last = this.#ranges.at(-1);
    if (last && last.surface === this.#surface && last.start + last.count === this.#surfaceStart)
      last.count += count;
    else this.#ranges.push({ surface: this.#surface, start: this.#surfaceStart, count });
    this.#surfaceStart = this.vertices;
  }

  toGeometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    this.#closeRange();
    if (this.#ranges.length) geometry.userData.surfaces = this.#ranges.map((r) => ({ ...r }));
    geometry.setAttribute('position', new Float32BufferAttribute(this.#positions.values(), 3));
    geometry.setAttribute('normal', new Float32BufferAttribute(this.#normals.values(), 3));
    geometry.setAttribute('uv', new Float32BufferAttribute(this.#uvs.values(), 2));
    geometry.computeBoundingSphere();
    return geometry;
  }
}
