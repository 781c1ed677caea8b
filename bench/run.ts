/**
 * `npm run bench`: builds (package.json does that first), runs every scenario in bench/scenarios/,
 * writes bench/results.json and prints a table. `BENCH=name1,name2` runs only those scenarios and
 * keeps the others' figures from the previous results.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { launchBrowser, startBenchServer, type Figures, type Scenario } from './harness.ts';
import { textTable } from './text-table.ts';

const only = process.env.BENCH?.split(',').map((s) => s.trim());
const scenarioFiles = readdirSync(new URL('./scenarios/', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .sort();

const previous = existsSync('bench/results.json')
  ? (JSON.parse(readFileSync('bench/results.json', 'utf8')) as { scenarios?: Record<string, Figures> })
  : {};
const results: Record<string, Figures> = { ...(previous.scenarios ?? {}) };

const server = await startBenchServer();
const browser = await launchBrowser();
const pages: Page[] = [];
let failed = 0;
try {
  for (const file of scenarioFiles) {
    const scenario = (await import(`./scenarios/${file}`)).default as Scenario;
    if (only && !only.includes(scenario.name)) continue;
    const started = Date.now();
    process.stdout.write(`bench: ${scenario.name} ... `);
    try {
      results[scenario.name] = await scenario.run({
        origin: server.origin,
        browser,
        async newPage(width = 1280, height = 800) {
          const page = await browser.newPage();
          await page.setViewport({ width, height });
          pages.push(page);
          return page;
        },
      });
      console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      failed++;
      console.log(`FAILED: ${(error as Error).stack ?? error}`);
    }
    for (const page of pages.splice(0)) await page.close().catch(() => {});
  }
} finally {
  await browser.close();
  server.close();
}

const chromium = (await import('node:child_process'))
  .execFileSync(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  .toString()
  .trim();
writeFileSync(
  'bench/results.json',
  JSON.stringify(
    {
      measured: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${chromium}`,
      scenarios: results,
    },
    null,
    2,
  ) + '\n',
);

const rows: string[][] = [['scenario', 'figure', 'value', 'unit', 'note']];
for (const [scenario, figures] of Object.entries(results)) {
  for (const [name, figure] of Object.entries(figures)) {
    rows.push([scenario, name, String(figure.value), figure.unit, figure.note ?? '']);
  }
}
console.log(textTable(rows));
console.log('bench: wrote bench/results.json');
process.exit(failed ? 1 : 0);
