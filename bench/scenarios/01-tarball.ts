/**
 * The package as a retailer installs it: `npm pack --dry-run` of the built tree, its packed (gzip) size,
 * unpacked size and file count, and how much of it is source maps. No browser.
 */
import { execFileSync } from 'node:child_process';
import type { Figures, Scenario } from '../harness.ts';

interface PackFile {
  path: string;
  size: number;
}

const scenario: Scenario = {
  name: 'tarball',
  async run(): Promise<Figures> {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    const [pack] = JSON.parse(out) as [{ size: number; unpackedSize: number; entryCount: number; files: PackFile[] }];
    const maps = pack.files.filter((f) => f.path.endsWith('.map')).reduce((sum, f) => sum + f.size, 0);
    return {
      packed: { value: pack.size, unit: 'B', note: 'npm pack, gzip' },
      unpacked: { value: pack.unpackedSize, unit: 'B' },
      files: { value: pack.entryCount, unit: 'files' },
      'source maps': { value: maps, unit: 'B', note: 'unpacked; the npm build only (they embed the sources)' },
    };
  },
};
export default scenario;
