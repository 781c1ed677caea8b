/**
 * A small stand-in for a browser in node tests of the partner back end: a cookie jar, redirects
 * followed one by one, the `Origin` / `Sec-Fetch-Site` headers a browser adds to a same-origin POST,
 * and a record of every response (status, headers, body) so a test can scan them for secrets.
 */

export interface SeenResponse {
  url: string;
  status: number;
  headers: [string, string][];
  body: string;
}

export interface BrowserInit extends Omit<RequestInit, 'body'> {
  body?: string | URLSearchParams | Uint8Array<ArrayBuffer>;
  /** POST as a same-origin page would (Origin and Sec-Fetch-Site); default true for POST. */
  sameOrigin?: boolean;
  json?: unknown;
}

export class TestBrowser {
  readonly cookies = new Map<string, { value: string; attributes: string }>();
  readonly seen: SeenResponse[] = [];
  /** Headers sent with every request to the partner's origin, e.g. the X-Forwarded-For a proxy adds. */
  headers: Record<string, string> = {};

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  async fetch(path: string, init: BrowserInit = {}): Promise<Response & { text(): Promise<string> }> {
    const url = new URL(path, this.origin);
    const headers = new Headers(init.headers);
    if (url.origin === this.origin)
      for (const [name, value] of Object.entries(this.headers))
        if (!headers.has(name)) headers.set(name, value);
    if (url.origin === this.origin && this.cookies.size) headers.set('Cookie', this.cookieHeader());
    const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
    if (method !== 'GET' && (init.sameOrigin ?? true)) {
      if (!headers.has('Origin')) headers.set('Origin', this.origin);
      headers.set('Sec-Fetch-Site', 'same-origin');
    }
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const response = await fetch(url, { ...init, method, headers, body, redirect: 'manual' });
    const text = await response.text();
    if (url.origin === this.origin) {
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
        else this.cookies.set(name, { value, attributes: attributes.join(';') });
      }
    }
    this.seen.push({ url: url.href, status: response.status, headers: [...response.headers], body: text });
    // hand back a response whose body can still be read
    return new Response(response.status === 204 || response.status === 304 ? null : text, {
      status: response.status,
      headers: response.headers,
    }) as Response & { text(): Promise<string> };
  }

  /** Follows redirects (at most 10) as a browser's navigation would; returns every hop's URL and the last response. */
  async navigate(path: string): Promise<{ hops: string[]; response: Response }> {
    const hops: string[] = [];
    let next = new URL(path, this.origin).href;
    for (let i = 0; i < 10; i++) {
      hops.push(next);
      const response = await this.fetch(next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next).href;
        continue;
      }
      return { hops, response };
    }
    throw new Error(`too many redirects: ${hops.join(' -> ')}`);
  }
}
