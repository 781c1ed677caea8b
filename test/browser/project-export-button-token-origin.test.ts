// Where <project-export-button> sends the planner token (issue 12): only to the planner the partner's
// token answer vouches for (`planner_base`), or to one the page trusts from script. A `planner-base`
// attribute (markup, which may come from anywhere) pointing elsewhere gets nothing. The "elsewhere" is
// a real second listener on another port (test/browser/helpers/test-origins.mjs) that records the
// Authorization header of every request it receives.
import { expect } from '@esm-bundle/chai';
import '../../src/elements/project-export-button/project-export-button.ts';
import type {
  ExportDoneDetail,
  ExportErrorDetail,
  ProjectExportButton,
} from '../../src/elements/project-export-button/project-export-button.ts';
import { configure } from '../../src/config.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { PLANNING } from './helpers/emulator.ts';
import { TOKEN_ENDPOINT } from './helpers/partner.ts';
import { secondRequests, tokenOriginHooks } from './helpers/second-origin.ts';
import { until } from './helpers/wait.ts';
import { exportButton, exportCalls, press, PROJECT_ID } from './project-export-button.helpers.ts';

let secondOrigin = '';
/** The exports the vouched planner (the emulator) received. */
const vouchedExports = exportCalls;

const errorText = (el: ProjectExportButton) =>
  el.shadowRoot!.querySelector('[part~="error"]')?.textContent ?? '';

describe('<project-export-button>: the token goes only where the partner vouches', function () {
  tokenOriginHooks((origin) => (secondOrigin = origin));

  it("the partner's token answer names the planner root it uses", async function () {
    const response = await fetch(TOKEN_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ project_id: PROJECT_ID }),
    });
    expect(response.status).to.equal(200);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.planner_base).to.equal(PLANNING);
    expect(answer.access_token).to.be.a('string');
  });

  it('a planner-base attribute on another origin receives nothing: untrusted-planner, in words', async function () {
    const el = await exportButton({ 'planner-base': `${secondOrigin}/api/v2` });
    const failed = press<ExportErrorDetail>(el, 'export-error');
    const error = (await failed).detail.error as ElementError;
    expect(error).to.be.instanceOf(ElementError);
    expect(error.reason).to.equal('untrusted-planner');
    expect(error.message).to.contain(secondOrigin);
    await el.updateComplete;
    expect(errorText(el)).to.contain('not the one the partner back end vouches for');
    expect(el.getAttribute('state')).to.equal('error');
    // nothing at all reached the other origin, and nothing went to the vouched planner either
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await secondRequests()).to.deep.equal([]);
    expect(await vouchedExports()).to.have.length(0);
  });

  it('the refusal in Dutch', async function () {
    const el = await exportButton({ 'planner-base': `${secondOrigin}/api/v2` }, 'nl');
    const failed = press<ExportErrorDetail>(el, 'export-error');
    await failed;
    // Dutch is downloaded when the element first speaks it: its words may arrive after the error
    await until(() => errorText(el).includes('De export is niet verstuurd'), 5000, 'the Dutch words');
    expect(errorText(el)).to.contain('Kan niet getoond worden');
    expect(await secondRequests()).to.deep.equal([]);
  });

  it('the vouched planner receives the token: with no planner-base the partner names it', async function () {
    const el = await exportButton({});
    const done = press<ExportDoneDetail>(el, 'export-done');
    await done;
    const calls = await vouchedExports();
    expect(calls).to.have.length(1);
    expect(calls[0]!.headers.authorization).to.match(/^Bearer \S+$/);
    expect(await secondRequests()).to.deep.equal([]);
  });

  it('a planner-base on the vouched origin receives the token', async function () {
    const el = await exportButton({ 'planner-base': PLANNING });
    const done = press<ExportDoneDetail>(el, 'export-done');
    await done;
    expect((await vouchedExports())[0]!.headers.authorization).to.match(/^Bearer \S+$/);
  });

  it('script opt-in, trustedPlannerBases: the other origin receives the token', async function () {
    const el = await exportButton({ 'planner-base': `${secondOrigin}/api/v2` });
    el.trustedPlannerBases = [secondOrigin];
    const done = press<ExportDoneDetail>(el, 'export-done');
    const detail = (await done).detail;
    expect(detail.project[PROJECT_ID]).to.deep.equal(['https://files.example/second-origin.pdf']);
    const seen = (await secondRequests()).filter((r) => r.method === 'POST');
    expect(seen).to.have.length(1);
    expect(seen[0]!.path).to.equal(`/api/v2/projects/${PROJECT_ID}/export.json`);
    expect(seen[0]!.authorization).to.match(/^Bearer \S+$/);
    // the file link opens another browsing context: no opener, no referrer (issue 12)
    await el.updateComplete;
    const link = el.shadowRoot!.querySelector<HTMLAnchorElement>('a[part="file"]')!;
    expect(link.target).to.equal('_blank');
    expect(link.rel.split(/\s+/).sort()).to.deep.equal(['noopener', 'noreferrer']);
  });

  it('trustedPlannerBases is a property only: the attribute of that name trusts nothing', async function () {
    const el = await exportButton({
      'planner-base': `${secondOrigin}/api/v2`,
      'trusted-planner-bases': secondOrigin,
      trustedplannerbases: secondOrigin,
    });
    const failed = press<ExportErrorDetail>(el, 'export-error');
    expect(((await failed).detail.error as ElementError).reason).to.equal('untrusted-planner');
    expect(await secondRequests()).to.deep.equal([]);
  });

  it('script opt-in, configure({ plannerBase }): used without an attribute, and trusted', async function () {
    configure({ plannerBase: `${secondOrigin}/api/v2` });
    const el = await exportButton({});
    const done = press<ExportDoneDetail>(el, 'export-done');
    await done;
    const seen = (await secondRequests()).filter((r) => r.method === 'POST');
    expect(seen).to.have.length(1);
    expect(seen[0]!.authorization).to.match(/^Bearer \S+$/);
    expect(await vouchedExports()).to.have.length(0);
  });
});
