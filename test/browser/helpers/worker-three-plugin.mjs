// `/__worker-three/three.module.js` (and its three.core.js): three.js as the workers' builds carry it,
// trimmed by scripts/worker-trims.ts, so test/browser/worker-trims.test.ts draws with it in WebGL beside
// the untrimmed three (the tests otherwise run the worker from its sources, untrimmed). The config
// runs under tsx (npm run test:browser), so the trims' TypeScript is imported as it is.
import { readFileSync } from 'node:fs';
import { trimThreeModule } from '../../../scripts/worker-trims.ts';
import { trimThreeCore } from '../../../scripts/worker-trims/core.ts';

const PATH = /^\/__worker-three\/three\.(module|core)\.js$/;

export function workerThreePlugin() {
  const cache = new Map();
  return {
    name: 'worker-three',
    serve(context) {
      const file = PATH.exec(context.path)?.[1];
      if (!file) return undefined;
      if (!cache.has(file)) {
        const fail = (why) => {
          throw new Error(`worker trims: ${why}`);
        };
        const text = readFileSync(`node_modules/three/build/three.${file}.js`, 'utf8');
        cache.set(file, file === 'core' ? trimThreeCore(text, fail) : trimThreeModule(text, fail));
      }
      return { body: cache.get(file), type: 'js' };
    },
  };
}
