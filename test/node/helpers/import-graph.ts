import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The project's root folder: the entries of importGraph() are relative to it. */
export const root = resolve(import.meta.dirname, '../../..');

/**
 * Every project file `entry` (relative to the root) loads at run time, by absolute path, with its
 * text: static and dynamic imports of relative paths, followed from file to file.
 */
export function importGraph(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    // type-only imports and exports are erased by the compiler: they load nothing
    const code = text.replace(/(?:import|export)\s+type\s+[^;]*?from\s*['"][^'"]+['"]/g, '');
    for (const match of code.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
      visit(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  };
  visit(resolve(root, entry));
  return seen;
}
