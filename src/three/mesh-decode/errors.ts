/**
 * Why a product's mesh was not used, as the mesh decoder (here or in its worker) says it: `kind` as
 * ElementError's (network, server, invalid). Plain data crosses the worker boundary (MeshProblem) and
 * becomes the same error on the other side.
 */
export class FurnitureMeshError extends Error {
  override name = 'FurnitureMeshError';
  constructor(
    message: string,
    readonly kind: 'network' | 'server' | 'invalid',
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Thrown (and sent back) when the server has no mesh for a product (404 / 410): its box stays quietly. */
export const NO_MESH = Symbol('no mesh');

/** A failure as it crosses a worker's message channel. */
export interface MeshProblem {
  message: string;
  kind: FurnitureMeshError['kind'];
  status?: number;
  noMesh?: true;
}

export function toProblem(error: unknown): MeshProblem {
  if (error === NO_MESH) return { message: 'no mesh', kind: 'invalid', noMesh: true };
  if (error instanceof FurnitureMeshError)
    return { message: error.message, kind: error.kind, ...(error.status ? { status: error.status } : {}) };
  return { message: (error as Error)?.message ?? String(error), kind: 'invalid' };
}

export function fromProblem(problem: MeshProblem): FurnitureMeshError | typeof NO_MESH {
  return problem.noMesh ? NO_MESH : new FurnitureMeshError(problem.message, problem.kind, problem.status);
}
