/**
 * A Next.js 16 App Router shop page on room-elements/react, built with Turbopack (Next's default) for
 * production and checked in Chromium after hydration: helpers/next-shop.ts. `npm run build` first.
 */
import { describeNextShop } from './helpers/next-shop.ts';

describeNextShop('turbopack');
