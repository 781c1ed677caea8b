/**
 * The products' GLB files, made on first request (a few milliseconds each) and kept in a small LRU
 * cache: the same product asked for by fifty viewers is made once, and memory stays bounded however
 * many products are asked for.
 */
import { Lru } from '../lru.ts';
import { productGlb } from './glb.ts';
import { meshSpecOf } from './products.ts';

/** Files kept: every product of the emulator's rooms fits (about 50, 10 to 140 KB each). */
const KEPT = 64;

export class MeshStore {
  readonly #cache = new Lru<string, Promise<Uint8Array>>(KEPT);

  /** The product's GLB, or undefined when the emulator has no mesh for it. */
  glb(componentId: string): Promise<Uint8Array> | undefined {
    const spec = meshSpecOf(componentId);
    if (!spec) return undefined;
    return this.#cache.getOrCreate(componentId, () => {
      const made = productGlb(spec, componentId);
      // a failure is not kept: the next request tries again
      made.catch(() => this.#cache.delete(componentId));
      return made;
    });
  }
}
