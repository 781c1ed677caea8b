import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const SERVER = { group: ['**/server/**'], message: 'src/ never imports server code.' };
const ELEMENTS = {
  group: [
    '**/elements/**',
    '**/internal/**',
    '**/features/**',
    '**/events/**',
    '**/cdn/**',
    'lit',
    'lit/*',
    '@lit/*',
    '@lit-labs/*',
  ],
  message: 'below the element layer: no element, no Lit',
};
const THREE = {
  group: ['three', 'three/*', '**/three/**', '@photo-sphere-viewer/*', '**/panorama/**'],
  message: 'no three.js / panorama layer here',
};
const API = { group: ['**/api/**'], message: 'no HTTP client here' };
const ELEMENT = {
  group: ['**/elements/**'],
  message: 'no element here: elements import features, never the reverse',
};
const FEATURE = {
  group: ['**/features/**'],
  message: 'src/internal/ is element infrastructure: it never imports a feature',
};

const I18N = {
  group: ['**/i18n/**', '**/i18n.js'],
  message:
    'src/internal/ sits under the translations (no type-import circle through src/i18n/): elements import src/i18n/shipped.js',
};
/**
 * src/platform/ is the floor every layer stands on (yield, GPU fence, bounded body): it imports only its
 * own files, no package and no other folder, so importing it from anywhere adds nothing else.
 */
const PLATFORM_ONLY = {
  regex: '^(?!\\./)',
  message: 'src/platform/ is dependency-free: it imports only its own files (./x.js)',
};

/** `no-restricted-imports` per folder of src/ (see the README's architecture section). */
function layerRules() {
  const layer = (files, ...patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    layer(['src/platform/**/*.ts'], PLATFORM_ONLY),
    layer(['src/model/**/*.ts'], SERVER, ELEMENTS, THREE, API),
    layer(['src/three/**/*.ts'], SERVER, ELEMENTS, API),
    layer(['src/panorama/**/*.ts'], SERVER, ELEMENTS),
    layer(['src/api/**/*.ts'], SERVER, ELEMENTS, THREE),
    // the element layer: internal/ (infrastructure) <- features/ (what several elements share) <- elements/
    layer(['src/internal/**/*.ts'], SERVER, ELEMENT, FEATURE, I18N),
    layer(['src/features/**/*.ts'], SERVER, ELEMENT),
    layer(
      ['src/config.ts', 'src/elements/**/*.ts', 'src/events/**/*.ts', 'src/cdn/**/*.ts', 'src/index.ts'],
      SERVER,
    ),
  ];
}

/**
 * The planning emulator's layers (docs/emulator-planning.md): domain <- formats <- render <- routes; HTTP
 * (hono) only in routes/ and the app that mounts them.
 */
function emulatorLayerRules() {
  const HTTP = { group: ['hono', 'hono/*', '**/routes/**', '**/app.ts'], message: 'HTTP lives in routes/' };
  const FORMATS = { group: ['**/formats/**'], message: 'the domain does not know the formats' };
  const RENDER = { group: ['**/render/**'], message: 'formats come before rendering' };
  const under = (folder, ...patterns) => ({
    files: [`server/emulator/planning/${folder}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [under('domain', HTTP, FORMATS, RENDER), under('formats', HTTP, RENDER), under('render', HTTP)];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'tmp/**',
      'custom-elements.json',
      'bench/.tmp/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts'],
    ...litConfigs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    ...wcConfigs['flat/recommended'],
  },
  // The layers import only downward: model <- three <- elements, api <- elements; nothing in src/ reaches
  // the servers. A rule, so a convenient shortcut across layers fails `npm test` instead of review.
  ...layerRules(),
  ...emulatorLayerRules(),
  // No import cycle anywhere (a type-only import is no cycle: it is gone at run time). The TypeScript
  // resolver maps our `./x.js` specifiers to their `.ts` files.
  {
    files: ['src/**/*.ts', 'server/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // which files the rule reads, with which parser (as the plugin's `typescript` config sets them)
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // the guarded defineElement() registers tags, not customElements.define directly
      'wc/guard-super-call': 'off',
    },
  },
);
