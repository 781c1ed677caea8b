/**
 * The modules an element loads before it runs: its module and what it reaches by static imports
 * (`import ... from`, `export ... from`; type-only ones are erased, import() is not followed). Read
 * from the sources before the build, because some plugins decide a module's copy when it is first
 * resolved, before the bundler knows the graph. A module with a CDN form (`x.cdn.ts` beside `x.ts`,
 * build-forms.ts) is read in that form, as the CDN build takes it: the gallery's path is its first
 * cards', without the list client that its npm form imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseAst } from 'vite';

interface Node {
  type: string;
  importKind?: string;
  exportKind?: string;
  source?: { value: string } | null;
  specifiers?: { importKind?: string }[];
}

export interface StaticPath {
  /** Every module on the path (absolute file names), the root included. */
  modules: Set<string>;
  /** What each module imports statically: relative imports as file names, packages by name. */
  imports: Map<string, string[]>;
  /** The modules that declare a class (their identity matters: `instanceof`). */
  classes: Set<string>;
}

export function staticPath(root: string): StaticPath {
  const imports = new Map<string, string[]>();
  const classes = new Set<string>();
  const visit = (id: string): void => {
    if (imports.has(id)) return;
    const deps: string[] = [];
    imports.set(id, deps);
    const body = (parseAst(readFileSync(id, 'utf8'), { lang: 'ts' }, id) as unknown as { body: Node[] }).body;
    for (const node of body) {
      const declared = (node as { declaration?: Node | null }).declaration ?? node;
      if (declared.type === 'ClassDeclaration') classes.add(id);
      if (!node.source || !/^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type)) continue;
      if (node.importKind === 'type' || node.exportKind === 'type') continue;
      const specifiers = node.specifiers ?? [];
      if (specifiers.length && specifiers.every((s) => s.importKind === 'type')) continue;
      const source = node.source.value;
      if (!source.startsWith('.')) {
        deps.push(source);
        continue;
      }
      // our sources import `./x.js` for `./x.ts`; anything else (a stylesheet, JSON) is a leaf
      const named = resolve(dirname(id), source.replace(/\?.*$/, ''));
      const plain =
        /\.js$/.test(named) && existsSync(named.replace(/\.js$/, '.ts'))
          ? named.replace(/\.js$/, '.ts')
          : named;
      const cdn = plain.replace(/\.ts$/, '.cdn.ts');
      const file = plain.endsWith('.ts') && !id.endsWith('.cdn.ts') && existsSync(cdn) ? cdn : plain;
      if (!existsSync(file)) throw new Error(`static-path: ${id} imports ${source}, not found as ${file}`);
      deps.push(file);
      if (/\.[cm]?[jt]s$/.test(file)) visit(file);
      else imports.set(file, []);
    }
  };
  visit(root);
  return { modules: new Set(imports.keys()), imports, classes };
}

/** The modules of `path` from which `target` (a package name or file) is reached by static imports. */
export function reaching(path: StaticPath, target: string): Set<string> {
  const found = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, deps] of path.imports) {
      if (!found.has(id) && deps.some((dep) => dep === target || found.has(dep))) {
        found.add(id);
        grew = true;
      }
    }
  }
  return found;
}
