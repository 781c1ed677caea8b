import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import globals from 'globals';

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

/** `no-restricted-imports` per folder of src/ (see the README's architecture section). */
function layerRules() {
  const layer = (files, ...patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  return [
    layer(['src/model/**/*.ts'], SERVER, ELEMENTS, THREE, API),
    layer(['src/three/**/*.ts'], SERVER, ELEMENTS, API),
    layer(['src/panorama/**/*.ts'], SERVER, ELEMENTS),
    layer(['src/api/**/*.ts'], SERVER, ELEMENTS, THREE),
    layer(
      [
        'src/config.ts',
        'src/elements/**/*.ts',
        'src/internal/**/*.ts',
        'src/features/**/*.ts',
        'src/events/**/*.ts',
        'src/cdn/**/*.ts',
        'src/index.ts',
      ],
      SERVER,
    ),
  ];
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
