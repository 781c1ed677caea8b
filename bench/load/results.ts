/**
 * The load run's figures also go into bench/results.json, beside the bench's own scenarios (issue 22:
 * "the chaos run's figures are in bench/results.json"): its scenarios (`partner-load-clean`,
 * `partner-load`, `chaos`) replace the ones of the last load run there, each figure noting the
 * command and the time it was measured; bench/load-results.json keeps the whole record with its notes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

type Figure = { value: number; unit: string; note?: string };
type Figures = Record<string, Figure>;

export function mergeIntoBenchResults(
  scenarios: Record<string, Figures>,
  measured: string,
  command: string,
  file = 'bench/results.json',
): void {
  if (!existsSync(file)) return;
  const results = JSON.parse(readFileSync(file, 'utf8')) as { scenarios?: Record<string, Figures> };
  results.scenarios ??= {};
  for (const [name, figures] of Object.entries(scenarios)) {
    results.scenarios[name] = Object.fromEntries(
      Object.entries(figures).map(([key, figure]) => [
        key,
        {
          ...figure,
          note: [figure.note, `${command}, ${measured} (bench/load-results.json)`].filter(Boolean).join('; '),
        },
      ]),
    );
  }
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
}
