import { expect } from '@esm-bundle/chai';

const TAGS = ['room-gallery', 'room-panorama', 'room-viewer', 'room-plan', 'project-export-button'];

describe('CDN build (dist/cdn/room-elements.js)', () => {
  it('defines every element from one module script tag, without loading three.js or PSV', async () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = '/dist/cdn/room-elements.js';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = () => reject(new Error('dist/cdn/room-elements.js did not load: run npm run build'));
    });
    document.head.append(script);
    await loaded;
    await Promise.all(TAGS.map((tag) => customElements.whenDefined(tag)));
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.be.a('function');
    const loadedScripts = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/dist/cdn/'));
    expect(
      loadedScripts.some((name) => /three|photo-sphere|psv/i.test(name)),
      loadedScripts.join(),
    ).to.equal(false);
  });

  it('a second registration of a tag warns instead of throwing', async () => {
    const { defineElement } = await import('../../src/internal/define.ts');
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      defineElement('room-gallery', class extends HTMLElement {});
    } finally {
      console.warn = original;
    }
    expect(String(warnings[0])).to.contain('<room-gallery> is already defined');
  });
});
