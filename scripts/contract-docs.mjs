// docs/contract.md, made from custom-elements.json: the public contract of every element (attributes,
// properties, methods, events, slots, parts, custom properties, states) as one page of the project's
// own docs, as Shoelace makes its docs from its manifest. `npm run analyze` runs it after the analyzer;
// test/node/manifest.test.ts fails when the page is stale.
//
//   node scripts/contract-docs.mjs            writes docs/contract.md
//   node scripts/contract-docs.mjs --stdout   prints it (for the freshness test)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Markdown table cell: one line, pipes escaped. */
const cell = (text) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

function table(head, rows) {
  if (!rows.length) return '';
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n') + '\n\n';
}

export function contractMarkdown(manifest) {
  const elements = manifest.modules
    .flatMap((mod) => (mod.declarations ?? []).map((d) => ({ ...d, module: mod.path })))
    .filter((d) => d.customElement && d.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  let out =
    '# The public contract of every element\n\n' +
    'Made from `custom-elements.json` by `scripts/contract-docs.mjs` (`npm run analyze`): do not edit by hand.\n' +
    'Every element also reflects its state as `:state(…)` and a `state` attribute, follows `lang` ' +
    '(English, Dutch, German, French and Spanish),\n' +
    'and fires its events bubbling and composed. Guides per element: [docs/README.md](README.md).\n\n';
  out += elements.map((e) => `- [\`<${e.tagName}>\`](#${e.tagName})`).join('\n') + '\n\n';
  for (const e of elements) {
    out += `## <a id="${e.tagName}"></a>\`<${e.tagName}>\`\n\n`;
    if (e.summary) out += `${cell(e.summary)}\n\n`;
    out += `Module: \`${e.module}\`, class \`${e.name}\`.\n\n`;
    const attributes = (e.attributes ?? []).map((a) => [
      `\`${a.name}\``,
      a.fieldName ? `\`${a.fieldName}\`` : '',
      a.type?.text ? `\`${a.type.text}\`` : '',
      a.default ?? '',
      a.description ?? '',
    ]);
    if (attributes.length) out += '### Attributes\n\n' + table(['attribute', 'property', 'type', 'default', 'meaning'], attributes);
    const attributeFields = new Set((e.attributes ?? []).map((a) => a.fieldName));
    const publicMembers = (e.members ?? []).filter(
      (m) => !m.privacy && !m.static && !m.name.startsWith('_') && !m.name.startsWith('#'),
    );
    const properties = publicMembers
      .filter((m) => m.kind === 'field' && !attributeFields.has(m.name))
      .map((m) => [`\`${m.name}\``, m.type?.text ? `\`${m.type.text}\`` : '', m.readonly ? 'read-only' : '', m.description ?? '']);
    if (properties.length) out += '### Properties (no attribute)\n\n' + table(['property', 'type', '', 'meaning'], properties);
    const methods = publicMembers
      .filter((m) => m.kind === 'method')
      .map((m) => [
        `\`${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})\``,
        m.return?.type?.text ? `\`${m.return.type.text}\`` : '',
        m.description ?? '',
      ]);
    if (methods.length) out += '### Methods\n\n' + table(['method', 'returns', 'meaning'], methods);
    const events = (e.events ?? []).map((ev) => [`\`${ev.name}\``, ev.type?.text ? `\`${ev.type.text}\`` : '', ev.description ?? '']);
    if (events.length) out += '### Events\n\n' + table(['event', 'type', 'when'], events);
    const slots = (e.slots ?? []).map((s) => [s.name ? `\`${s.name}\`` : '(default)', s.description ?? '']);
    if (slots.length) out += '### Slots\n\n' + table(['slot', 'holds'], slots);
    const parts = (e.cssParts ?? []).map((p) => [`\`${p.name}\``, p.description ?? '']);
    if (parts.length) out += '### Parts (`::part(…)`)\n\n' + table(['part', 'is'], parts);
    const props = (e.cssProperties ?? []).map((p) => [`\`${p.name}\``, p.default ?? '', p.description ?? '']);
    if (props.length) out += '### Custom properties\n\n' + table(['property', 'default', 'sets'], props);
    const states = (e.cssStates ?? []).map((s) => [`\`:state(${s.name})\``, s.description ?? '']);
    if (states.length) out += '### States\n\n' + table(['state', 'means'], states);
  }
  return out.trimEnd() + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifestPath = process.argv.find((a) => a.endsWith('.json')) ?? `${root}custom-elements.json`;
  const text = contractMarkdown(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (process.argv.includes('--stdout')) process.stdout.write(text);
  else writeFileSync(`${root}docs/contract.md`, text);
}
