/**
 * The consumer app's Next.js config. ROOM_ELEMENTS_ROOT is the checkout (the test sets it): the packed
 * package sits in this app's node_modules, its dependencies (lit, three, react, next) in the checkout's,
 * so Turbopack's root must hold both.
 */
const root = process.env.ROOM_ELEMENTS_ROOT;

export default {
  ...(root ? { turbopack: { root }, outputFileTracingRoot: root } : {}),
  // nothing from the network while building (no fonts, no image optimiser)
  images: { unoptimized: true },
  typescript: { ignoreBuildErrors: false },
  productionBrowserSourceMaps: false,
};
