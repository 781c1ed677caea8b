/**
 * The class a feature mixin extends (`<T extends Constructor<Base>>(superClass: T)`), as model-viewer
 * and Lit's mixin guide type it: abstract, so a mixin may extend an abstract base; `any[]` arguments,
 * which TypeScript requires of a mixin's constructor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Constructor<T> = abstract new (...args: any[]) => T;
