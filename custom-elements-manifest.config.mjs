// custom-elements.json, generated from src by @custom-elements-manifest/analyzer (`npm run analyze`).
// test/node/manifest.test.ts fails when the committed file is stale.

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
  plugins: [defineElementPlugin(), sortModulesPlugin()],
};
