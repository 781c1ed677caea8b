/**
 * custom-elements.json against what the browser really sees: every attribute Lit observes on each
 * registered element (`observedAttributes`) and every reactive property it declares must be in the
 * element's manifest entry, so the framework types made from it (room-elements/jsx, /vue, /svelte,
 * /angular) know them. test/node/manifest-complete.test.ts checks events, parts, custom properties,
 * states and slots from the source.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/index.ts';
import { ELEMENT_TAGS } from '../shared/element-tags.ts';

interface Named {
  name: string;
  fieldName?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
}
interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Named[];
  members?: Named[];
}
type LitClass = CustomElementConstructor & {
  observedAttributes: string[];
  elementProperties: Map<PropertyKey, { attribute?: string | boolean; state?: boolean }>;
};

const TAGS = ELEMENT_TAGS;

describe('custom-elements.json against the registered elements', () => {
  let declarations: Map<string, Declaration>;
  before(async () => {
    const manifest = (await (await fetch('/custom-elements.json')).json()) as {
      modules: { declarations?: Declaration[] }[];
    };
    declarations = new Map(
      manifest.modules
        .flatMap((m) => m.declarations ?? [])
        .filter((d) => d.customElement && d.tagName)
        .map((d) => [d.tagName as string, d]),
    );
  });

  for (const tag of TAGS) {
    it(`<${tag}>: every observed attribute and reactive property is in the manifest`, () => {
      const ctor = customElements.get(tag) as LitClass | undefined;
      expect(ctor, `${tag} is not registered`).to.not.equal(undefined);
      const declaration = declarations.get(tag);
      expect(declaration, `${tag} is not in custom-elements.json`).to.not.equal(undefined);
      const attributes = new Set((declaration?.attributes ?? []).map((a) => a.name));
      const observed = (ctor as LitClass).observedAttributes;
      expect(observed.length, 'Lit observes no attribute: the check is broken').to.be.greaterThan(3);
      expect(observed.filter((name) => !attributes.has(name))).to.deep.equal(
        [],
        'observed attributes missing',
      );

      const fields = new Set(
        (declaration?.members ?? [])
          .filter((m) => m.kind === 'field' && (m.privacy ?? 'public') === 'public' && !m.static)
          .map((m) => m.name),
      );
      const properties = [...(ctor as LitClass).elementProperties]
        .filter(([, options]) => !options.state)
        .map(([key]) => String(key));
      expect(properties.filter((name) => !fields.has(name))).to.deep.equal([], 'reactive properties missing');
    });
  }
});
