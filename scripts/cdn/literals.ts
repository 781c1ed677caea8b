import { literalsHtmlCssMinifier } from '@literals/rollup-plugin-html-css-minifier';
import type { Plugin } from 'vite';

/**
 * Lit's `html`, `svg` and `css` literals reach the output as written, indentation and line breaks
 * included, and a CDN file is the page's final code: they are minified here by a maintained
 * minifier (html-minifier-next for templates, lightningcss for static `css`), before the bundler
 * compiles the TypeScript. A template it cannot parse fails the build rather than ship half-done.
 * The npm build leaves this to the site's bundler.
 */
export function minifyLiterals(): Plugin {
  return literalsHtmlCssMinifier({
    include: ['src/**/*.ts'],
    failOnError: true,
    // white space collapses to one space but never goes entirely: a space between a tag and text,
    // or between inline boxes, can shape the layout (the export button's line box), and the npm
    // build, which keeps it, must look the same
    options: { minifyOptions: { conservativeCollapse: true } },
  }) as Plugin;
}
