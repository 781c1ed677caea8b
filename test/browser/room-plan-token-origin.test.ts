// Where <room-plan> and <room-viewer> send the partner's planner token (issue 22, finding 1): a
// `project-id` with a `token-endpoint` loads the project's FML from the planner the partner's token
// answer vouches for (`planner_base`), or one the page trusts from script (`trustedPlannerBases`,
// configure({ plannerBase })), as <project-export-button> does. A `planner-base` attribute naming any
// other host (markup may come from anywhere) gets nothing: the element shows `untrusted-planner`. The
// other host is a real second listener on another port (helpers/test-origins.mjs) that records the
// Authorization header of every request it receives.
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelErrorDetail } from '../../src/events/index.ts';
import { configure } from '../../src/config.ts';
import { PLANNING } from './helpers/emulator.ts';
import { TOKEN_ENDPOINT } from './helpers/partner.ts';
import { secondRequests, tokenOriginHooks } from './helpers/second-origin.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';

const PROJECT_ID = 186997360;
let secondOrigin = '';

type FmlElement = HTMLElement & { trustedPlannerBases?: readonly string[] };

function make(tag: 'room-plan' | 'room-viewer', plannerBase?: string): FmlElement {
  const el = document.createElement(tag) as FmlElement;
  el.style.cssText = 'display:block;width:320px;height:240px';
  el.setAttribute('project-id', String(PROJECT_ID));
  el.setAttribute('token-endpoint', TOKEN_ENDPOINT);
  if (plannerBase) el.setAttribute('planner-base', plannerBase);
  return el;
}

/** Mounts `el`; resolves with its model-error's detail, or 'loaded'. */
async function outcome(el: FmlElement): Promise<ModelErrorDetail | 'loaded'> {
  const failed = waitForEvent<ModelErrorDetail>(el, 'model-error', 20000).then((e) => e.detail);
  const loaded = waitForEvent(el, 'model-load', 20000).then(() => 'loaded' as const);
  failed.catch(() => undefined);
  loaded.catch(() => undefined);
  fixtureContainer().append(el);
  return Promise.race([failed, loaded]);
}

for (const tag of ['room-plan', 'room-viewer'] as const) {
  describe(`<${tag}> project-id + token-endpoint: the token goes only where the partner vouches`, function () {
    this.timeout(40000);
    tokenOriginHooks((origin) => (secondOrigin = origin));

    it('a planner-base attribute on another origin receives nothing: untrusted-planner, in words', async () => {
      const el = make(tag, `${secondOrigin}/api/v2`);
      const result = await outcome(el);
      expect(result).to.not.equal('loaded');
      const { error } = result as ModelErrorDetail;
      expect(error.reason).to.equal('untrusted-planner');
      expect(error.message).to.contain(new URL(secondOrigin).origin);
      expect(await secondRequests()).to.deep.equal([]);
      await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(el.shadowRoot!.querySelector('[part~="error"]')?.textContent).to.match(
        /not the one the partner back end vouches for/,
      );
    });

    it('the vouched planner (named or left out) receives the token and the project loads', async () => {
      expect(await outcome(make(tag, PLANNING))).to.equal('loaded');
      cleanup();
      expect(await outcome(make(tag))).to.equal('loaded');
      expect(await secondRequests()).to.deep.equal([]);
    });

    it('script opt-in (trustedPlannerBases, configure({ plannerBase })): the other origin receives the token', async () => {
      const el = make(tag, `${secondOrigin}/api/v2`);
      el.trustedPlannerBases = [secondOrigin];
      // the stand-in planner answers no FML, so the element fails after the request: what counts is
      // that the request went, with the token
      await outcome(el);
      const received = await secondRequests();
      expect(received.map((r) => r.path)).to.include(`/api/v2/projects/${PROJECT_ID}/fml`);
      expect(received.every((r) => r.authorization?.startsWith('Bearer '))).to.equal(true);
      cleanup();
      await fetch('/__second-origin/reset', { method: 'POST' });
      configure({ plannerBase: `${secondOrigin}/api/v2` });
      await outcome(make(tag));
      expect((await secondRequests()).length).to.be.greaterThan(0);
    });
  });
}
