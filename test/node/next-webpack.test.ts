/**
 * The same Next.js 16 shop page built with `next build --webpack`: the render worker starts there too
 * (webpack copies the file a `new URL(…, import.meta.url)` names). helpers/next-shop.ts. `npm run build`
 * first. Webpack's production build took 4 minutes on the shared 2-core machine (Turbopack's: 1.5), so
 * this one runs when asked: NEXT_WEBPACK=1 node scripts/test-node.mjs test/node/next-webpack.test.ts
 */
import { describeNextShop } from './helpers/next-shop.ts';

describeNextShop(
  'webpack',
  process.env.NEXT_WEBPACK ? undefined : 'a 4-minute webpack build: run with NEXT_WEBPACK=1 to include it',
);
