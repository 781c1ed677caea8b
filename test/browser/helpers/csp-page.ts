/**
 * Runs inside the strict-CSP iframe of cspRun() (csp.ts): shows one element (`?element=room-viewer`,
 * `room-plan`, `project-export-button`) through its states and reports CSP violations, page errors and
 * the state it ended in to the parent.
 */
import '../../../src/elements/project-export-button/project-export-button.ts';
import '../../../src/elements/room-plan/room-plan.ts';
import '../../../src/elements/room-viewer/room-viewer.ts';
import { boxRoom } from '../room-viewer-fixtures.ts';

const report = (data: unknown) => parent.postMessage(data, '*');
document.addEventListener('securitypolicyviolation', (e) =>
  report({
    type: 'violation',
    detail: `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
  }),
);
window.addEventListener('error', (e) => report({ type: 'done', state: `page error: ${e.message}` }));
window.addEventListener('unhandledrejection', (e) =>
  report({ type: 'done', state: `page rejection: ${String(e.reason)}` }),
);

const settle = () => new Promise((r) => setTimeout(r, 200));
const tag = new URLSearchParams(location.search).get('element');

if (tag === 'room-viewer' || tag === 'room-plan') {
  const el = document.createElement(tag);
  el.setAttribute('loading', 'eager');
  el.style.width = '300px';
  el.style.height = '200px';
  el.model = boxRoom({ components: 3 });
  el.addEventListener('model-load', async () => {
    // the error state (with its retry button) too
    const broken = document.createElement(tag);
    broken.setAttribute('loading', 'eager');
    broken.setAttribute('room-id', 'not-a-number');
    broken.addEventListener('model-error', async () => {
      await settle();
      report({ type: 'done', state: `${el.getAttribute('state')} ${broken.getAttribute('state')}` });
    });
    document.body.append(broken);
  });
  el.addEventListener('model-error', (e) =>
    report({ type: 'done', state: `model-error: ${e.detail.error.message}` }),
  );
  document.body.append(el);
} else if (tag === 'project-export-button') {
  const el = document.createElement(tag);
  el.setAttribute('project-id', 'abc'); // invalid: nothing is sent, the issues are listed
  el.addEventListener('export-error', async () => {
    await el.updateComplete;
    await settle();
    report({ type: 'done', state: el.getAttribute('state') });
  });
  document.body.append(el);
  await el.updateComplete;
  el.exportProject();
} else {
  report({ type: 'done', state: `unknown element ${tag}` });
}
