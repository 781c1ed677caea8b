import { expect } from '@esm-bundle/chai';
import { cleanup } from './wait.ts';

/**
 * Shows an element in an iframe whose page has a strict Content-Security-Policy (no inline styles or
 * scripts, no data: images; csp-page.html) and answers with the state it ended in, every CSP violation
 * the page reported, and whatever else the element's scene in csp-page.ts reported with its state. A
 * `style` attribute, an inline <style> or a data: URL shows up here.
 */
export interface CspOptions {
  /** The page in helpers/: `csp-page.html`, or `csp-page-blob.html` where the element draws blob: images. */
  page?: string;
  /** More search parameters for the scene (the panorama's `room`). */
  query?: Record<string, string>;
  /** The iframe's size. */
  size?: string;
  /** How long the scene may take to report, in ms. */
  timeout?: number;
}

export async function cspRun<T extends object = object>(
  element: string,
  {
    page = 'csp-page.html',
    query = {},
    size = 'width: 900px; height: 600px',
    // the page compiles its element's modules afresh (its own document): more than 25 s at load 30
    timeout = 60000,
  }: CspOptions = {},
): Promise<T & { state: string; violations: string[] }> {
  const frame = document.createElement('iframe');
  frame.className = 'test-fixture';
  frame.style.cssText = size;
  // the page (and the modules it loads) come from this server; only its CSP differs
  const search = new URLSearchParams({ element, ...query });
  frame.src = `/test/browser/helpers/${page}?${search}`;
  const violations: string[] = [];
  const done = new Promise<T & { state: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the CSP page did not report')), timeout);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      if (event.data?.type === 'violation') violations.push(event.data.detail);
      if (event.data?.type === 'done') {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve({ ...event.data, state: String(event.data.state) });
      }
    };
    window.addEventListener('message', onMessage);
  });
  document.body.append(frame);
  return { ...(await done), violations };
}

/**
 * The suite an element's test file ends with: `tag` shows its states in the strict-CSP page, ends in
 * `state` (the scene's report, as csp-page.ts writes it), and the page reports no violation.
 */
export function describeStrictCsp(tag: string, state: string): void {
  describe(`<${tag}>: strict Content-Security-Policy`, () => {
    afterEach(cleanup);

    it('shows its states without one CSP violation (no style attributes, no inline styles)', async () => {
      const { state: ended, violations } = await cspRun(tag);
      expect(ended).to.equal(state);
      expect(violations).to.deep.equal([]);
    });
  });
}
