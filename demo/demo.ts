/// <reference types="vite/client" />
/**
 * The demo page: points every element at the emulator on this origin, then lets each element's
 * own section script (demo/sections/<tag>.ts) fill its section.
 */
import { configure } from '../src/config.ts';

configure({
  apiBase: `${location.origin}/room-styling`,
  plannerBase: `${location.origin}/planning/api/v2`,
});

const sections = import.meta.glob('./sections/*.ts');
for (const [path, load] of Object.entries(sections)) {
  const tag = path.replace(/^.*\/|\.ts$/g, '');
  const section = document.getElementById(tag);
  if (!section) continue;
  load()
    .then((module) => (module as { default?: (section: HTMLElement) => void }).default?.(section))
    .then(() => section.querySelector('.coming')?.remove())
    .catch((error) => console.error(`demo: section ${tag} failed`, error));
}
