import { parseAst } from 'rolldown/parseAst';
import { findOnce, replaceKeepingLines, type Fail } from './text.ts';
import { walk, type Node } from '../ast-walk.ts';
import { DEAD_METHODS, LATER_METHODS, withoutMethods } from './methods.ts';

export type { Node } from '../ast-walk.ts';

/**
 * three.core.js as the workers carry it (issue 33: the render worker's first stage). Two kinds of code
 * stay in a bundle that never runs them:
 *
 * - Classes whose statics or prototype fields are set by statements after the class
 *   (`KeyframeTrack.prototype.ValueTypeName = ''`, `PropertyBinding.Composite = Composite`): a bundler
 *   must keep such a statement (it writes to an object), and with it the class and all it reaches (the
 *   animation system's tracks and interpolants, about 3 KB gzip, in a worker that animates nothing).
 *   Each such class becomes `const X = /*@__PURE__*\/ (() => { class X …; X.y = …; return X; })()`,
 *   which the bundler drops when nothing uses X, and which is the same class when something does. A
 *   statement that reads a name declared between the class and itself is not moved (the class stays as
 *   three wrote it).
 * - `toJSON()` and `fromJSON()`, on every class that has them: three's JSON scene format, which no
 *   worker writes or reads (an export is glTF or USDZ, src/three/export/), about 3–4 KB gzip of the
 *   classes the first frame needs (Object3D, Material, BufferGeometry, Texture…). JSON.stringify() of a
 *   three object in a worker then writes its own fields, as for any object.
 * - CSS colour names (`Color.setStyle('red')`, about 1 KB): the worker's colours come as numbers
 *   (src/three/colour.ts); a name is unknown there and three warns `Unknown color`.
 */
function rootOf(node: Node): string | undefined {
  let n: Node = node;
  while (n.type === 'MemberExpression') n = n.object as Node;
  return n.type === 'Identifier' ? (n.name as string) : undefined;
}

/** The names a statement reads (identifiers, not property names): a superset is fine. */
export function namesIn(node: Node): Set<string> {
  const names = new Set<string>();
  for (const n of walk(node)) {
    if (n.type !== 'MemberExpression') continue;
    // a non-computed property is a name of the object, not a binding: marked so it is skipped below
    if (!n.computed) (n.property as Node & { skip?: boolean }).skip = true;
  }
  for (const n of walk(node))
    if (n.type === 'Identifier' && !(n as { skip?: boolean }).skip) names.add(n.name as string);
  return names;
}

export function pureClasses(code: string): { code: string; wrapped: string[] } {
  const body = parseAst(code).body as unknown as Node[];
  // where each top-level name is declared
  const declaredAt = new Map<string, number>();
  const classes = new Map<string, Node>();
  for (const statement of body) {
    if (statement.type === 'ClassDeclaration') {
      const name = (statement.id as Node).name as string;
      declaredAt.set(name, statement.start);
      classes.set(name, statement);
    } else if (statement.type === 'FunctionDeclaration') {
      declaredAt.set((statement.id as Node).name as string, statement.start);
    } else if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations as { id: Node }[])
        for (const n of walk(d.id))
          if (n.type === 'Identifier') declaredAt.set(n.name as string, statement.start);
    }
  }
  // the statements after a class that write to it
  const writes = new Map<string, Node[]>();
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement') continue;
    const expression = statement.expression as Node;
    if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') continue;
    const left = expression.left as Node;
    if (left.type !== 'MemberExpression') continue;
    const name = rootOf(left);
    const declaration = name ? classes.get(name) : undefined;
    if (!name || !declaration || statement.start < declaration.end) continue;
    writes.set(name, [...(writes.get(name) ?? []), statement]);
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const wrapped: string[] = [];
  for (const [name, statements] of writes) {
    const declaration = classes.get(name)!;
    // a statement that reads a name declared after the class would run before that name exists
    const late = statements.some((s) =>
      [...namesIn(s)].some((n) => n !== name && (declaredAt.get(n) ?? -1) > declaration.start),
    );
    if (late) continue;
    wrapped.push(name);
    const moved = statements.map((s) => code.slice(s.start, s.end)).join(' ');
    edits.push({
      start: declaration.start,
      end: declaration.end,
      text: `const ${name} = /*@__PURE__*/ ( () => { ${code.slice(declaration.start, declaration.end)} ${moved} return ${name}; } )();`,
    });
    for (const s of statements) edits.push({ start: s.start, end: s.end, text: '' });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  // the moved lines come back at the class: the file's line count stays, though not every line's place
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, wrapped };
}

/**
 * Every class method `toJSON( … ) { … }` and `fromJSON( … ) { … }` (not the static ones): a tab-indented
 * method whose body ends at its indent.
 */
export function withoutJson(code: string, fail: Fail): { code: string; removed: number } {
  let out = code;
  let removed = 0;
  const method = /\n\t(?:toJSON|fromJSON)\((?: [^)]*)?\) \{\n/g;
  const starts = [...code.matchAll(method)].map((m) => m.index!).reverse();
  if (starts.length < 10) fail('three.js no longer writes toJSON() / fromJSON() methods as expected');
  for (const start of starts) {
    const end = out.indexOf('\n\t}\n', start + 1);
    if (end < 0) fail('a toJSON() method without its closing brace');
    out = replaceKeepingLines(out, start, end + 3, '\n');
    removed++;
  }
  return { code: out, removed };
}

/** The CSS colour names as an empty table. */
export function withoutColourNames(code: string, fail: Fail): string {
  const start = findOnce(code, '\nconst _colorKeywords = {', fail);
  const end = code.indexOf('};\n', start);
  if (end < 0 || !code.includes('const hex = _colorKeywords[ style.toLowerCase() ];'))
    fail('three.js no longer reads CSS colour names from _colorKeywords as expected');
  return replaceKeepingLines(code, start, end + 2, '\nconst _colorKeywords = {};');
}

/**
 * three.core.js as the workers carry it. `methods` (methods.ts): `all` takes out what the render
 * worker's first stage never calls (its build); `keep-later` keeps the methods only later stages
 * call, as the later module copies them (later-three.ts); `none` keeps every method (the mesh-decoding
 * and model workers, whose code calls other methods than the render worker's).
 */
export function trimThreeCore(
  code: string,
  fail: Fail,
  methods: 'all' | 'keep-later' | 'none' = 'all',
): string {
  const pure = pureClasses(withoutColourNames(withoutJson(code, fail).code, fail));
  if (!pure.wrapped.includes('KeyframeTrack'))
    fail('KeyframeTrack is no longer a class with prototype fields after it');
  if (methods === 'none') return pure.code;
  const live = withoutMethods(pure.code, DEAD_METHODS, fail);
  return methods === 'keep-later' ? live : withoutMethods(live, LATER_METHODS, fail);
}
