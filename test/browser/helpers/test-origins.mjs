// Test-only middleware for the browser tests (registered in web-test-runner.config.mjs):
//
// - A second origin: a real HTTP listener on another port of 127.0.0.1 that stands in for a planner
//   the partner does not vouch for. It answers every export POST with one file and records each
//   request's method, path and Authorization header, so a test can tell whether a token reached it.
//     GET  /__second-origin           {"origin": "http://127.0.0.1:<port>"}
//     GET  /__second-origin/requests  the requests it received (newest last)
//     POST /__second-origin/reset     forget them
// - Hostile answers for the size tests, on the test server's own origin:
//     GET  /__endless/...             a chunked JSON body that never ends (until the client hangs up)
//     GET  /__many-rooms/rooms[/search] a room list of `?count=` rooms (default 5 000), whatever `limit` says
// - Files a test made (the mesh tests' furniture files), served on both origins with each request's
//   Cookie header logged, so a test can tell which requests carried the page's cookies:
//     PUT  /__files/<name>             keep the body (at most 8 MB a file, 64 MB in all)
//     GET  /__files/<name>             serve it on the page's origin (logged in /__files-log)
//     GET  <second origin>/files/<name> serve it on the second origin (logged in its requests)
//     GET  /__files-log                the page-origin requests for /__files/ (newest last)
//     POST /__files-reset              forget the files and both logs
import { createServer } from 'node:http';

const MAX_LOGGED = 200;
const received = [];
/** Files a test made, by name, and the page-origin requests for them. */
const files = new Map();
const filesLog = [];
const FILE_MAX = 8 * 1024 * 1024;
const FILES_MAX = 64 * 1024 * 1024;

const second = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://second.invalid');
  if (req.method !== 'OPTIONS') {
    received.push({
      method: req.method,
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      cookie: req.headers.cookie ?? null,
    });
    if (received.length > MAX_LOGGED) received.shift();
  }
  // CORS so the test page may POST JSON with an Authorization header here (the preflight says yes)
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
  req.resume();
  if (req.method === 'OPTIONS') {
    res.statusCode = 204;
    res.end();
    return;
  }
  if (url.pathname.startsWith('/files/')) {
    const file = files.get(decodeURIComponent(url.pathname.slice('/files/'.length)));
    res.statusCode = file ? 200 : 404;
    res.setHeader('Content-Type', 'application/octet-stream');
    res.end(file ?? '');
    return;
  }
  const id = /\/projects\/(\d+)\/export\.json$/.exec(url.pathname)?.[1] ?? '0';
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ project: { [id]: ['https://files.example/second-origin.pdf'] }, design: {} }));
});
const listening = new Promise((resolve) =>
  second.listen(0, '127.0.0.1', () => resolve(second.address().port)),
);
// the test runner ends the process when the run is over; the listener must not keep it alive
second.unref();

/** 120 KB of JSON-ish padding, sent again and again. */
const CHUNK = Buffer.from(
  `${'"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",'.repeat(1500)}`,
);

function endless(ctx) {
  ctx.respond = false;
  const res = ctx.res;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.write('{"rooms":[');
  // stops when the client cancels, and in any case after 60 s (the suite must not leave a stream open)
  const started = Date.now();
  const more = () => {
    while (!res.destroyed && Date.now() - started < 60_000) {
      if (!res.write(CHUNK)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => res.removeAllListeners('drain'));
  more();
}

function manyRooms(ctx) {
  const count = Math.min(Number(ctx.query.count) || 5000, 20_000);
  const rooms = [];
  for (let i = 1; i <= count; i++) {
    rooms.push({
      id: 900_000 + i,
      name: `Room ${i}`,
      url: `https://rooms.example/rooms/${900_000 + i}`,
      image: `${ctx.origin}/__many-rooms/none.png`,
      user_id: 1,
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-01T00:00:00Z',
    });
  }
  ctx.type = 'application/json';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = JSON.stringify({ rooms, total: count });
}

/** POST /__stash keeps a JSON body (at most 32 MB); GET /__stash serves it: a large document a test made. */
let stashed = '';
async function stash(ctx) {
  if (ctx.method === 'POST') {
    const chunks = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += chunk.length;
      if (size > 32 * 1024 * 1024) {
        ctx.status = 413;
        return;
      }
      chunks.push(chunk);
    }
    stashed = Buffer.concat(chunks).toString('utf8');
    ctx.status = 204;
    return;
  }
  ctx.type = 'application/json';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = stashed;
}

async function testFiles(ctx) {
  const name = decodeURIComponent(ctx.path.slice('/__files/'.length));
  if (ctx.method === 'PUT') {
    const chunks = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += chunk.length;
      if (size > FILE_MAX) {
        ctx.status = 413;
        return;
      }
      chunks.push(chunk);
    }
    let total = size;
    for (const [other, file] of files) if (other !== name) total += file.length;
    if (total > FILES_MAX) {
      ctx.status = 413;
      return;
    }
    files.set(name, Buffer.concat(chunks));
    ctx.status = 204;
    return;
  }
  filesLog.push({ method: ctx.method, path: ctx.path, cookie: ctx.get('cookie') || null });
  if (filesLog.length > MAX_LOGGED) filesLog.shift();
  const file = files.get(name);
  if (!file) {
    ctx.status = 404;
    return;
  }
  ctx.type = 'application/octet-stream';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = file;
}

export async function testOriginsMiddleware(ctx, next) {
  if (ctx.path.startsWith('/__files/')) return testFiles(ctx);
  if (ctx.path === '/__files-log') {
    ctx.body = filesLog;
    return;
  }
  if (ctx.path === '/__files-reset') {
    files.clear();
    filesLog.length = 0;
    received.length = 0;
    ctx.status = 204;
    return;
  }
  if (ctx.path === '/__second-origin') {
    ctx.body = { origin: `http://127.0.0.1:${await listening}` };
    return;
  }
  if (ctx.path === '/__second-origin/requests') {
    ctx.body = received;
    return;
  }
  if (ctx.path === '/__second-origin/reset') {
    received.length = 0;
    ctx.status = 204;
    return;
  }
  if (ctx.path === '/__stash') return stash(ctx);
  if (ctx.path.startsWith('/__endless/')) return endless(ctx);
  if (/^\/__many-rooms\/rooms(\/search)?$/.test(ctx.path)) return manyRooms(ctx);
  return next();
}
