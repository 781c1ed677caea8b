/**
 * The Markdown table of docs/performance.md from the Lighthouse scenario's figures: before
 * (bench/lighthouse-before.json) and after (bench/results.json, scenario `lighthouse`), each page on both
 * paths, with the goals. `node --import tsx bench/lighthouse-table.ts`.
 */
import { readFileSync } from 'node:fs';
import type { Figures } from './harness.ts';
import { LIGHTHOUSE_PAGES } from './scenarios/90-lighthouse.ts';

const before = (JSON.parse(readFileSync('bench/lighthouse-before.json', 'utf8')) as { figures: Figures })
  .figures;
const after = (
  JSON.parse(readFileSync('bench/results.json', 'utf8')) as { scenarios: Record<string, Figures> }
).scenarios.lighthouse!;
const PAGES = LIGHTHOUSE_PAGES;
const NAMES: Record<string, string> = {
  gallery: '`<room-gallery limit="12">`',
  plan: '`<room-plan room-id>`',
  viewer: '`<room-viewer room-id>` (render worker, the default)',
  'viewer-main': '`<room-viewer room-id renderer="main">`',
  'shop-the-look': '`<room-viewer cart>` with two hotspots and a `<room-plan for>`',
  panorama: '`<room-panorama room-id>`',
  export: '`<project-export-button>`',
  'model-viewer': 'model-viewer 4.4, a 1 m box (anchor)',
  psv: 'photo-sphere-viewer 5.15 raw, same faces (anchor)',
};
const cell = (f: Figures, key: string, metric: string) => {
  const v = f[`${key} ${metric}`]?.value;
  if (v === undefined) return '–';
  if (metric === 'lcp' || metric === 'fcp') return `${(v / 1000).toFixed(2)} s`;
  if (metric === 'tbt') return `${v} ms`;
  return String(v);
};
const rows = [
  '| path | page | performance | LCP | TBT | CLS | long tasks | FCP (now) |',
  '|---|---|---|---|---|---|---|---|',
];
for (const path of ['cdn', 'npm'])
  for (const page of PAGES) {
    const key = `${path} ${page}`;
    const pair = (metric: string) => `${cell(before, key, metric)} → **${cell(after, key, metric)}**`;
    rows.push(
      `| ${path} | ${NAMES[page]} | ${pair('performance')} | ${pair('lcp')} | ${pair('tbt')} | ${pair('cls')} | ${cell(before, key, 'long tasks')} → ${cell(after, key, 'long tasks')} | ${cell(after, key, 'fcp')} |`,
    );
  }
console.log(rows.join('\n'));
