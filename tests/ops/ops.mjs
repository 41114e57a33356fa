// Operations checks of the real daemon: access logs (JSON and text, levels, request ids, nothing secret in them) and
// graceful shutdown (SIGTERM: /readyz 503 while draining, in-flight requests finish, exit 0 within the bound).
// Node's standard library only. Usage: node ops.mjs BINARY
import { createServer } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { checks } from '../contract/lib/checks.mjs';
import { migrate, start, stop, tempDir, WAIT_MS } from '../contract/lib/daemon.mjs';

const [binary] = process.argv.slice(2);
const { check, finish } = checks('ops');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function get(daemon, path, init = {}) {
  const response = await fetch(daemon.base + path, { ...init, signal: AbortSignal.timeout(WAIT_MS) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// A raw HTTP/1.1 connection that sends what it is told and collects what comes back.
function connect(port) {
  return new Promise((resolveConn, rejectConn) => {
    const socket = net.connect(port, '127.0.0.1', () => resolveConn(conn));
    const conn = { socket, received: '', closed: false };
    socket.setEncoding('utf8');
    socket.on('data', (d) => (conn.received += d));
    socket.on('close', () => (conn.closed = true));
    socket.on('error', (e) => (conn.error = e));
    socket.once('error', rejectConn);
  });
}

// Waits until conn has received a whole response (headers and Content-Length bytes) and returns it, consumed.
async function readResponse(conn, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const end = conn.received.indexOf('\r\n\r\n');
    if (end >= 0) {
      const head = conn.received.slice(0, end);
      const length = Number(head.match(/\r\ncontent-length: *([0-9]+)/i)?.[1] ?? 0);
      if (conn.received.length >= end + 4 + length) {
        const body = conn.received.slice(end + 4, end + 4 + length);
        conn.received = conn.received.slice(end + 4 + length);
        return { status: Number(head.split(' ')[1]), head, body };
      }
    }
    if (conn.closed) break;
    await sleep(20);
  }
  return undefined;
}

// Polls the daemon's /metrics (on a connection of its own) until it shows at least n requests in flight, the
// /metrics request itself among them: a request sent on another connection has then reached the daemon.
async function waitInFlight(daemon, n) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const text = (await get(daemon, '/metrics').catch(() => undefined))?.text ?? '';
    const inFlight = Number(text.match(/^gpurec_http_requests_in_flight ([0-9]+)$/m)?.[1] ?? 0);
    if (inFlight >= n) return true;
    await sleep(20);
  }
  return false;
}

// Asks for /readyz on a kept-alive connection until it answers 503 (the daemon is draining), or WAIT_MS passes;
// the last answer.
async function readyzUntilDraining(conn) {
  const deadline = Date.now() + WAIT_MS;
  let answer;
  while (Date.now() < deadline && !conn.closed) {
    conn.socket.write('GET /readyz HTTP/1.1\r\nHost: ops\r\n\r\n');
    answer = await readResponse(conn);
    if (answer === undefined || answer.status === 503) break;
    await sleep(20);
  }
  return answer;
}

function parseJsonLines(lines) {
  const bad = [];
  const entries = [];
  for (const line of lines) {
    try {
      entries.push(JSON.parse(line));
    } catch {
      bad.push(line);
    }
  }
  return { entries, bad };
}

// ---- logs -----------------------------------------------------------------------------------------------------------

async function logCases(temp) {
  const token = 'ops-admin-token-SECRET-7f3a9c';
  const gcpKey = 'AIzaSECRET-gcp-key-4b1d';
  const bodyMarker = 'BODY-MARKER-5e2c';
  const queryMarker = 'QUERY-MARKER-9a7b';
  const wrongToken = 'WRONG-TOKEN-MARKER-1c3e';
  const seenKeys = [];
  const billing = createServer((request, response) => {
    seenKeys.push(new URL(request.url, 'http://x').searchParams.get('key'));
    response.writeHead(500, { 'Content-Type': 'application/json' });
    response.end('{"error": {"code": 500, "message": "backend error"}}');
  });
  await new Promise((r) => billing.listen(0, '127.0.0.1', r));
  const db = join(temp.dir, 'logs.db');
  migrate(binary, db);
  const daemon = await start(binary, {
    GPUREC_DB: db,
    GPUREC_ADMIN_TOKEN: token,
    GPUREC_GCP_API_KEY: gcpKey,
    GPUREC_PROVIDERS: 'gcp',
    GPUREC_GCP_BILLING_URL: `http://127.0.0.1:${billing.address().port}/v1/services/6F81-5844-456A/skus`,
    GPUREC_LOG_LEVEL: 'info',
  });
  const ids = [];
  try {
    const echoed = await get(daemon, '/healthz', { headers: { 'X-Request-Id': 'ops-req-1' } });
    check('X-Request-Id is echoed', echoed.headers.get('x-request-id') === 'ops-req-1' ? [] :
      `got ${echoed.headers.get('x-request-id')}`);
    ids.push(['ops-req-1', 'GET', '/healthz', '200']);
    const generated = await get(daemon, `/v1/gpus?${queryMarker}=1`);
    const generatedId = generated.headers.get('x-request-id');
    check('X-Request-Id is generated', /^[A-Za-z0-9._-]{8,39}$/.test(generatedId ?? '') ? [] : `got ${generatedId}`);
    ids.push([generatedId, 'GET', '/v1/gpus', '400']);
    const other = await get(daemon, '/healthz');
    check('generated ids differ', other.headers.get('x-request-id') !== generatedId ? [] : 'the same id twice');
    const injected = await get(daemon, '/healthz', { headers: { 'X-Request-Id': 'a"b\\c' } });
    check('an unsafe X-Request-Id is replaced', injected.headers.get('x-request-id') !== 'a"b\\c' ? [] : 'echoed');
    const posted = await get(daemon, '/v1/recommend', {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'ops-req-2' },
      body: JSON.stringify({ workload: { kind: 'general' }, note: bodyMarker }),
    });
    ids.push(['ops-req-2', 'POST', '/v1/recommend', String(posted.status)]);
    const refused = await get(daemon, '/v1/admin/refresh', {
      method: 'POST', headers: { Authorization: `Bearer ${wrongToken}`, 'X-Request-Id': 'ops-req-3' },
    });
    ids.push(['ops-req-3', 'POST', '/v1/admin/refresh', String(refused.status)]);
    const started = await get(daemon, '/v1/admin/refresh', {
      method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"provider": "gcp"}',
    });
    check('refresh of gcp starts', started.status === 202 ? [] : `${started.status} ${started.text}`);
    let gcp;
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      const providers = JSON.parse((await get(daemon, '/v1/providers')).text);
      gcp = providers.items.find((p) => p.id === 'gcp');
      if (gcp?.refresh.status === 'error') break;
      await sleep(100);
    }
    check('the failed gcp run is reported', gcp?.refresh.status === 'error' && gcp.refresh.error ? [] :
      `refresh ${JSON.stringify(gcp?.refresh)}`);
    check('the GCP key reached the billing API', seenKeys.includes(gcpKey) ? [] : `keys seen: ${seenKeys.length}`);
    check('the GCP key is not in /v1/providers', (gcp?.refresh.error ?? '').includes(gcpKey) ? 'it is' : []);
  } finally {
    const exit = await stop(daemon);
    check('exit 0 after the log run', exit.code === 0 ? [] : JSON.stringify(exit));
    billing.close();
  }

  const { entries, bad } = parseJsonLines(daemon.lines);
  check('every log line is one JSON object', bad.length ? bad.slice(0, 3) : []);
  check('every line has ts, level and msg', entries.filter((e) => !(typeof e.ts === 'string' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e.ts) && ['debug', 'info', 'warn', 'error'].includes(e.level) &&
    typeof e.msg === 'string')).map((e) => JSON.stringify(e)).slice(0, 3));
  const access = entries.filter((e) => e.msg === 'request');
  for (const [id, method, route, status] of ids) {
    const line = access.find((e) => e.request_id === id);
    check(`access line of ${method} ${route} (${id})`, line ? [
      line.method === method ? '' : `method ${line.method}`,
      line.route === route ? '' : `route ${line.route}`,
      line.status === status ? '' : `status ${line.status}, expected ${status}`,
      /^[0-9]+$/.test(line.duration_us ?? '') ? '' : `duration_us ${line.duration_us}`,
      typeof line.path === 'string' && !line.path.includes('?') ? '' : `path ${line.path}`,
      line.level === 'info' ? '' : `level ${line.level}`,
    ] : 'missing');
  }
  check('one access line per request', access.length >= ids.length + 6 ? [] : `${access.length} access lines`);
  const all = daemon.lines.join('\n');
  for (const [what, secret] of [['admin token', token], ['GCP key', gcpKey], ['request body', bodyMarker],
    ['query string', queryMarker], ['a wrong bearer token', wrongToken]])
    check(`no ${what} in the logs`, all.includes(secret) ? `found in: ${daemon.lines.find((l) => l.includes(secret))}`
      : []);
  check('the refresh failure is logged', entries.some((e) => e.level !== 'info' && /gcp|refresh/i.test(JSON.stringify(e)))
    ? [] : 'no warn/error line about the gcp run');

  // text format and levels
  const textDaemon = await start(binary, { GPUREC_DB: db, GPUREC_LOG_FORMAT: 'text', GPUREC_PROVIDERS: 'feed' });
  await get(textDaemon, '/v1/gpus/l4', { headers: { 'X-Request-Id': 'ops-text-1' } });
  await stop(textDaemon);
  const textLine = textDaemon.lines.find((l) => l.includes('ops-text-1')) ?? '';
  check('text access line', /^\d{4}-\d\d-\d\dT[\d:.]+Z info request method=GET route=\/v1\/gpus\/\{id\} path=\/v1\/gpus\/l4 status=200 duration_us=\d+ request_id=ops-text-1 client=127\.0\.0\.1$/
    .test(textLine) ? [] : `got: ${textLine}`);
  const quiet = await start(binary, { GPUREC_DB: db, GPUREC_LOG_LEVEL: 'warn', GPUREC_PROVIDERS: 'feed' });
  await get(quiet, '/healthz');
  await get(quiet, '/v1/gpus/none');
  await stop(quiet);
  check('GPUREC_LOG_LEVEL=warn drops info lines', quiet.lines.some((l) => /"level":"(info|debug)"/.test(l))
    ? quiet.lines.slice(0, 3) : []);
}

// ---- shutdown -------------------------------------------------------------------------------------------------------

async function shutdownCases(temp) {
  const db = join(temp.dir, 'shutdown.db');
  migrate(binary, db);

  // The drain bound is 5 s: an idle daemon must not wait for it (a loaded machine may take a second or two).
  const idle = await start(binary, { GPUREC_DB: db, GPUREC_PROVIDERS: 'feed' });
  const t0 = Date.now();
  const idleExit = await stop(idle);
  const idleMs = Date.now() - t0;
  check('SIGTERM when idle: exit 0 well within the 5 s drain bound', idleExit.code === 0 && idleMs < 4000 ? [] :
    [`${JSON.stringify(idleExit)} after ${idleMs} ms; the daemon's last lines:`, ...idle.lines.slice(-3)]);
  check('SIGTERM when idle: logged', idle.lines.some((l) => l.includes('"msg":"stopped"')) ? [] : 'no "stopped" line');

  // A request in flight (its body half sent) while SIGTERM arrives: /readyz on a kept-alive connection turns 503, the
  // request still completes, and the process then exits 0. The daemon waits 5 s at most for requests in flight (a
  // fixed bound), so the steps after SIGTERM wait for events, never for time.
  const busy = await start(binary, { GPUREC_DB: db, GPUREC_PROVIDERS: 'feed' });
  const keepAlive = await connect(busy.port);
  keepAlive.socket.write('GET /readyz HTTP/1.1\r\nHost: ops\r\n\r\n');
  const ready = await readResponse(keepAlive);
  check('readyz before shutdown', ready?.status === 200 ? [] : `got ${ready?.status}`);
  const body = JSON.stringify({ items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1',
    count: 1, hours: 10 }] });
  const slow = await connect(busy.port);
  slow.socket.write(`POST /v1/estimate HTTP/1.1\r\nHost: ops\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`);
  check('the half-sent request reached the daemon', await waitInFlight(busy, 2) ? [] : 'not in flight');
  const termAt = Date.now();
  busy.child.kill('SIGTERM');
  const draining = await readyzUntilDraining(keepAlive);
  check('readyz while draining: 503 draining with Retry-After', draining?.status === 503 &&
    /urn:gpurec:problem:draining/.test(draining.body) && /\r\nretry-after: *[0-9]+/i.test(draining.head) ? [] :
    `got ${draining?.status} ${draining?.body}`);
  const late = await connect(busy.port).catch(() => undefined);
  if (late) {
    late.socket.write('GET /healthz HTTP/1.1\r\nHost: ops\r\n\r\n');
    const lateAnswer = await readResponse(late, 500);
    check('no new connections are served while draining', lateAnswer === undefined ? [] : `got ${lateAnswer.status}`);
    late.socket.destroy();
  } else {
    check('no new connections are served while draining', []);
  }
  check('still running while a request is in flight', busy.child.exitCode === null ? [] : 'exited early');
  slow.socket.write(body.slice(20));
  const finished = await readResponse(slow);
  check('the in-flight request completes', finished?.status === 200 && /"total_usd"/.test(finished.body) ? [] :
    `got ${finished?.status} ${finished?.body?.slice(0, 200)}`);
  const busyExit = await Promise.race([busy.exited, sleep(WAIT_MS).then(() => ({ timedOut: true }))]);
  check('exit 0 after the in-flight request', busyExit.code === 0 ? [] :
    [JSON.stringify(busyExit), ...busy.lines.slice(-3)]);
  check('shutdown took less than the drain bound', Date.now() - termAt < 5000 ? [] : `${Date.now() - termAt} ms`);
  keepAlive.socket.destroy();
  slow.socket.destroy();

  // A request that never completes cannot hold the process: it exits 0 once the drain bound passes.
  const stuck = await start(binary, { GPUREC_DB: db, GPUREC_PROVIDERS: 'feed' });
  const hanging = await connect(stuck.port);
  hanging.socket.write('POST /v1/estimate HTTP/1.1\r\nHost: ops\r\nContent-Type: application/json\r\n' +
    'Content-Length: 100\r\n\r\n{"items"');
  check('the stuck request reached the daemon', await waitInFlight(stuck, 2) ? [] : 'not in flight');
  const stuckAt = Date.now();
  const stuckExit = await stop(stuck, WAIT_MS);
  const stuckMs = Date.now() - stuckAt;
  // 5 s of drain, then the stop: well short of the 15 s connection timeout, which would end it otherwise
  check('a stuck request is abandoned within the bound: exit 0 in under 12 s', stuckExit.code === 0 &&
    stuckMs < 12000 ? [] : [`${JSON.stringify(stuckExit)} after ${stuckMs} ms`, ...stuck.lines.slice(-3)]);
  hanging.socket.destroy();
}

async function main() {
  const temp = tempDir('gpurec-ops-');
  try {
    await logCases(temp);
    await shutdownCases(temp);
  } catch (error) {
    check('ops run', error.stack ?? String(error));
  } finally {
    temp.remove();
  }
  finish();
}

main();
