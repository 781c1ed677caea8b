// custom-elements.json, generated from src by @custom-elements-manifest/analyzer (`npm run analyze`).
// test/node/manifest.test.ts fails when the committed file is stale; test/node/manifest-complete.test.ts
// and test/browser/manifest-complete.test.ts fail when something public is missing from it.

/**
 * Our elements register through the guarded `defineElement('tag', Class)` (src/internal/define.ts)
 * instead of `customElements.define`, so teach the analyzer that call.
 */
function defineElementPlugin() {
  return {
    name: 'room-elements-define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'defineElement') return;
      const [tagArg, classArg] = node.arguments;
      if (!tagArg || !classArg || !ts.isStringLiteral(tagArg)) return;
      const tagName = tagArg.text;
      const className = classArg.getText();
      const declaration = moduleDoc.declarations?.find((d) => d.name === className);
      if (declaration) {
        declaration.tagName = tagName;
        declaration.customElement = true;
      }
      moduleDoc.exports ??= [];
      if (!moduleDoc.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tagName)) {
        moduleDoc.exports.push({
          kind: 'custom-element-definition',
          name: tagName,
          declaration: { name: className, module: moduleDoc.path },
        });
      }
    },
  };
}

/**
 * The analyzer lists modules in the order the file system hands out the glob, which differs between
 * machines (a fresh clone in CI listed them differently from the checkout that wrote the file), so sort
 * them by path: the committed file must be the same wherever it is made.
 */
function sortModulesPlugin() {
  return {
    name: 'room-elements-sort-modules',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

/**
 * Our feature mixins (room-viewer/features/*.ts, room-plan/features/*.ts, fullscreen-gestures.ts) document what they add on the class
 * they declare inside the mixin function (`@fires`, `@csspart`, `@cssprop`, `@cssstate`, `@slot`). The
 * analyzer reads those tags only above a top-level class, so the mixin declaration would lose them and
 * with it every element built from the mixin. Read them here into the mixin's declaration; the analyzer's
 * own inheritance step then carries them, like the members, into each element.
 */
function mixinJsDocPlugin() {
  const lists = {
    fires: 'events',
    event: 'events',
    csspart: 'cssParts',
    part: 'cssParts',
    cssprop: 'cssProperties',
    cssproperty: 'cssProperties',
    cssstate: 'cssStates',
    cssState: 'cssStates',
    slot: 'slots',
    attr: 'attributes',
    attribute: 'attributes',
  };
  const oneLine = (text) => text.replace(/\s+/g, ' ').replace(/^-\s*/, '').trim();
  return {
    name: 'room-elements-mixin-jsdoc',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.body) return;
      const mixin = moduleDoc.declarations?.find((d) => d.kind === 'mixin' && d.name === node.name.text);
      if (!mixin) return;
      const classes = [];
      const visit = (child) => {
        if (ts.isClassDeclaration(child) || ts.isClassExpression(child)) classes.push(child);
        else ts.forEachChild(child, visit);
      };
      ts.forEachChild(node.body, visit);
      for (const klass of classes) {
        for (const tag of ts.getJSDocTags(klass)) {
          const list = lists[tag.tagName.text];
          if (!list) continue;
          // `{Type} name - description` (TypeScript leaves unknown tags' text to us)
          const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
          const match = /^\s*(?:\{([^}]*)\}\s*)?(\S+)?\s*(?:-\s*)?([\s\S]*)$/.exec(text);
          if (!match) continue;
          const [, type, name = '', description] = match;
          const item = { name: name === '-' ? '' : name };
          if (description.trim()) item.description = oneLine(description);
          if (type) item.type = { text: type };
          mixin[list] ??= [];
          const existing = mixin[list].find((x) => x.name === item.name);
          if (existing) Object.assign(existing, item);
          else mixin[list].push(item);
        }
      }
    },
  };
}

/**
 * The manifest without repeats (issue 35: it was 0.9 MB of the package). The analyzer copies every
 * member a class inherits into each class below it, with `inheritedFrom`, so an element built of a
 * dozen mixins repeats each mixin's private state and CSS text. What a page's tools read stays: every
 * element's public (and inherited) attributes, properties, methods, events, slots, parts, custom
 * properties and states, which docs/contract.md and the framework types are made from. Dropped:
 * - private and protected members (`#x`, `private`, `protected`): not the element's contract, and no
 *   tool offers them (contract-docs.mjs and framework-types.mjs skip them too);
 * - the members of classes and mixins that are not elements, where an element lists them already
 *   (the element's copy names them with `inheritedFrom`), and every declaration's `default` or type
 *   text over 300 characters (the styles' CSS, long initialisers): a page's tools cannot show them.
 */
/** The modules a page imports by a package entry (the rest are the elements' own parts). */
const ENTRY_MODULES = new Set(['src/index.ts', 'src/config.ts']);

function withoutRepeatsPlugin() {
  const LONG = 300;
  const isPrivate = (m) => m.privacy === 'private' || m.privacy === 'protected' || m.name?.startsWith('#');
  const trimText = (item) => {
    if (typeof item.default === 'string' && item.default.length > LONG) delete item.default;
    if (typeof item.type?.text === 'string' && item.type.text.length > LONG) delete item.type;
  };
  return {
    name: 'room-elements-without-repeats',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = customElementsManifest.modules.flatMap((m) => m.declarations ?? []);
      // what some element already lists as inherited, by the declaration it comes from
      const listedByAnElement = new Map();
      const LISTS = ['attributes', 'events', 'slots', 'cssParts', 'cssProperties', 'cssStates'];
      for (const d of declarations) {
        if (!d.customElement) continue;
        for (const m of [...(d.members ?? []), ...LISTS.flatMap((list) => d[list] ?? [])]) {
          const from = m.inheritedFrom?.name;
          if (!from) continue;
          if (!listedByAnElement.has(from)) listedByAnElement.set(from, new Set());
          listedByAnElement.get(from).add(m.name);
        }
      }
      // a class between the elements and a mixin (a base, its hooks) repeats what it inherits, with
      // `inheritedFrom` too: the element lists it already, from the declaration that made it
      for (const d of declarations) {
        if (d.customElement) continue;
        const listed = listedByAnElement.get(d.name);
        for (const list of ['members', ...LISTS]) {
          if (!d[list]) continue;
          d[list] = d[list].filter((m) => !m.inheritedFrom && !(list !== 'members' && listed?.has(m.name)));
          if (!d[list].length) delete d[list];
        }
      }
      for (const d of declarations) {
        trimText(d);
        if (d.members) {
          d.members = d.members.filter((m) => !isPrivate(m));
          if (!d.customElement && listedByAnElement.has(d.name)) {
            const listed = listedByAnElement.get(d.name);
            d.members = d.members.filter((m) => !listed.has(m.name));
          }
          for (const m of d.members) {
            trimText(m);
            for (const p of m.parameters ?? []) trimText(p);
          }
          if (!d.members.length) delete d.members;
        }
        for (const list of ['attributes', 'events', 'cssProperties'])
          for (const item of d[list] ?? []) trimText(item);
      }
      // the internal helpers (functions, constants, types) of modules that are neither an element nor
      // a package entry: no page reaches them by this manifest's paths, and they were a third of it
      for (const m of customElementsManifest.modules) {
        if (ENTRY_MODULES.has(m.path) || m.declarations?.some((d) => d.customElement)) continue;
        m.declarations = (m.declarations ?? []).filter((d) => d.kind === 'class' || d.kind === 'mixin');
        const kept = new Set(m.declarations.map((d) => d.name));
        m.exports = (m.exports ?? []).filter(
          (e) => e.kind === 'custom-element-definition' || kept.has(e.declaration?.name),
        );
      }
      customElementsManifest.modules = customElementsManifest.modules.filter(
        (m) => ENTRY_MODULES.has(m.path) || m.declarations?.length,
      );
    },
  };
}

export default {
  // the public surface: elements, the shared features they are made of (the FML inputs' attributes are
  // declared there), their base class, the entry and the config (not src/three internals)
  globs: [
    'src/elements/**/*.ts',
    'src/features/**/*.ts',
    'src/internal/room-element.ts',
    'src/index.ts',
    'src/config.ts',
  ],
  exclude: ['src/**/*.test.ts', 'src/**/*.d.ts'],
  litelement: true,
  // package.json's customElements field is kept by hand: the freshness test writes elsewhere
  packagejson: false,
  plugins: [defineElementPlugin(), mixinJsDocPlugin(), sortModulesPlugin(), withoutRepeatsPlugin()],
};
