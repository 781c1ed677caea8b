/**
 * Shows an element in an iframe whose page has a strict Content-Security-Policy (no inline styles or
 * scripts, no data: images; csp-page.html) and answers with the state it ended in and every CSP
 * violation the page reported. A `style` attribute, an inline <style> or a data: URL shows up here.
 */
export async function cspRun(element: string): Promise<{ state: string; violations: string[] }> {
  const frame = document.createElement('iframe');
  frame.className = 'test-fixture';
  frame.style.cssText = 'width: 900px; height: 600px';
  // the page (and the modules it loads) come from this server; only its CSP differs
  frame.src = `/test/browser/helpers/csp-page.html?element=${encodeURIComponent(element)}`;
  const violations: string[] = [];
  const done = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the CSP page did not report')), 25000);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      if (event.data?.type === 'violation') violations.push(event.data.detail);
      if (event.data?.type === 'done') {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve(String(event.data.state));
      }
    };
    window.addEventListener('message', onMessage);
  });
  document.body.append(frame);
  return { state: await done, violations };
}
