// The scale test: three gpurec daemons behind a real round-robin nginx on loopback ports, with prices changing and
// catalogs published while clients walk pages, revalidate and ask for recommendations through the proxy.
//
//   layout "published" (default, part of `make test`): one publisher (`gpurec import` + `gpurec publish`) and three
//     replicas following the publication, two from the folder and one over HTTP (nginx serving the folder). Checks:
//     no error, no broken cursor walk, no failed revalidation, every replica serving each publication within the poll
//     interval of its serve_from, integrity_check ok on every file after the swaps, a truncated published file
//     refused while the replica keeps serving (its failure metric raised), admin writes refused.
//   layout "self-refresh" (SCALE_LAYOUT=self-refresh, for comparison only, never fails): every daemon refreshes the
//     same feed (served by nginx) on its own, as deploy/k8s did before.
// Figures are printed as one JSON line (scale: {...}). Node's standard library only. Usage: node scale.mjs BINARY
import { execFile, spawn } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { createHash } from 'node:crypto';
import net from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checks } from '../contract/lib/checks.mjs';
import { migrate, repoRoot, tempDir, WAIT_MS } from '../contract/lib/daemon.mjs';

const run = promisify(execFile);
const [binary] = process.argv.slice(2);
const layout = process.env.SCALE_LAYOUT ?? 'published';
const published = layout === 'published';
const { check, finish } = checks(`scale (${layout})`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SWAPS = Number(process.env.SCALE_SWAPS ?? 20);
const POLL_S = 1;           // GPUREC_CATALOG_POLL_INTERVAL of the replicas
// GPUREC_PUBLISH_DELAY: each publication is served this long after it is written. serve_from is a whole second
// (publish.c: the second the manifest is written, plus the delay), so a publication written late in a second is
// served up to a second sooner than the delay says. A replica must poll, copy and check it before then, or it swaps
// after the others and walks that cross it see a stale cursor: with 2 s, one that polled just before the write had
// as little as its poll interval for that on a loaded machine. 3 s leaves a second beyond the poll interval.
const DELAY_S = 3;
const PUBLISH_EVERY_MS = 3600;
const REFRESH_S = 3;        // self-refresh: GPUREC_REFRESH_INTERVAL of each daemon
const CLIENTS = 6;
const TOKEN = 'scale-test-admin-token-0123456789';
const work = tempDir('gpurec-scale-');
const pub = join(work.dir, 'pub');
mkdirSync(pub);
chmodSync(work.dir, 0o755); // nginx's workers (user nobody when started as root) read the publication

function freePort() {
  return new Promise((resolvePort) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

// The feed the publisher imports (and the self-refreshing daemons fetch): g6.12xlarge's on-demand price in
// us-west-2 (the seed's 4.6016, the cost-first pick of the recommend question below) moves far enough down and back
// to change the picks' order and prices. Made-up test prices, within the 5x a refresh accepts.
function writeFeed(step) {
  const hourly = step % 2 === 0 ? 4.6016 : 1.5 + step / 1000;
  const doc = { prices: [{ provider: 'aws', instance_type: 'g6.12xlarge', region: 'us-west-2',
    pricing_model: 'on_demand', hourly, currency: 'USD', effective_at: `2026-01-01T00:${String(step % 60).padStart(2, '0')}:00Z` }] };
  writeFileSync(join(pub, 'feed.json.tmp'), JSON.stringify(doc));
  renameSync(join(pub, 'feed.json.tmp'), join(pub, 'feed.json'));
}

const pubEnv = { ...process.env, GPUREC_DB: join(work.dir, 'publisher.db'), GPUREC_LOG_LEVEL: 'warn',
  GPUREC_MIGRATIONS_DIR: join(repoRoot, 'migrations'), GPUREC_PUBLISH_DELAY: String(DELAY_S),
  GPUREC_PUBLISHER_NAME: 'the scale test publisher' };
const order = new Map(); // version -> publication number
async function publishOnce(step) {
  writeFeed(step);
  await run(binary, ['import', join(pub, 'feed.json')], { env: pubEnv });
  await run(binary, ['publish', pub], { env: pubEnv });
  const manifest = JSON.parse(readFileSync(join(pub, 'manifest.json'), 'utf8'));
  if (!order.has(manifest.version)) order.set(manifest.version, step);
  return manifest;
}

async function startNginx(proxyPort, staticPort, replicaPorts) {
  const conf = join(work.dir, 'nginx.conf');
  writeFileSync(conf, `
worker_processes 1;
error_log ${work.dir}/nginx-error.log warn;
pid ${work.dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work.dir}/nginx-body; proxy_temp_path ${work.dir}/nginx-proxy;
  fastcgi_temp_path ${work.dir}/nginx-fcgi; uwsgi_temp_path ${work.dir}/nginx-uwsgi; scgi_temp_path ${work.dir}/nginx-scgi;
  upstream gpurec { ${replicaPorts.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 32; }
  server { listen 127.0.0.1:${proxyPort};
    location / { proxy_pass http://gpurec; proxy_http_version 1.1; proxy_set_header Connection ""; } }
  server { listen 127.0.0.1:${staticPort}; root ${pub}; }
}
`);
  const child = spawn('nginx', ['-p', work.dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    try { await fetch(`http://127.0.0.1:${staticPort}/manifest.json`); return child; } catch { await sleep(50); }
  }
  throw new Error('nginx did not start');
}

const tally = { requests: 0, errors: [], walks: 0, walksBroken: 0, revalidations: 0, revalidated304: 0,
  revalidatedChanged: 0, revalidationsFailed: 0, recommendPairs: 0, recommendSameVersion: 0, recommendIdentical: 0 };
function error(what) { if (tally.errors.length < 20) tally.errors.push(what); else tally.errors.length++; }

async function request(base, path, init = {}) {
  tally.requests++;
  const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(WAIT_MS) });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), json: text ? JSON.parse(text) : null };
}

// One walk of every page of /v1/instances: each page 200 from the walk's catalog, every item once.
async function walk(base) {
  let page = await request(base, '/v1/instances?limit=100');
  const version = page.json?.catalog_version, total = page.json?.total, seen = new Set();
  let broken = null;
  for (;;) {
    if (page.status !== 200) { broken = `page ${seen.size / 100 + 1}: ${page.status} ${JSON.stringify(page.json)}`; break; }
    if (page.json.catalog_version !== version) { broken = 'pages from two catalogs'; break; }
    for (const item of page.json.items) seen.add(`${item.provider}/${item.instance_type}/${item.region}`);
    if (page.json.next_cursor === null) break;
    page = await request(base, `/v1/instances?limit=100&cursor=${page.json.next_cursor}`);
  }
  if (!broken && seen.size !== total) broken = `${seen.size} distinct items of ${total}`;
  tally.walks++;
  if (broken) { tally.walksBroken++; error(`walk: ${broken}`); }
}

// A GET, then the same with If-None-Match: a 304, or a 200 from a later catalog.
async function revalidate(base) {
  const first = await request(base, '/v1/gpus?limit=500');
  if (first.status !== 200) { error(`gpus: ${first.status}`); return; }
  const again = await request(base, '/v1/gpus?limit=500', { headers: { 'If-None-Match': first.etag } });
  tally.revalidations++;
  const before = order.get(first.json.catalog_version), after = order.get(again.json?.catalog_version);
  if (again.status === 304) tally.revalidated304++;
  else if (again.status === 200 && again.etag !== first.etag && before !== undefined && after > before)
    tally.revalidatedChanged++;
  else { tally.revalidationsFailed++; if (published) error(`revalidation: ${again.status} ${again.etag} after ${first.etag}`); }
}

const question = JSON.stringify({ workload: { kind: 'inference', model: 'llama-3.1-70b', precision: 'fp8' },
  constraints: { providers: ['aws'], pricing: ['on_demand'] }, objective: 'cost', limit: 3 });
// The same question twice: the same catalog must give the same picks.
async function recommendPair(base) {
  const ask = () => request(base, '/v1/recommend', { method: 'POST', body: question,
    headers: { 'Content-Type': 'application/json' } });
  const [a, b] = [await ask(), await ask()];
  if (a.status !== 200 || b.status !== 200) { error(`recommend: ${a.status} ${b.status}`); return; }
  const picks = (r) => JSON.stringify(r.json.recommendations.map((x) => [x.provider, x.instance_type, x.region, x.hourly_usd]));
  tally.recommendPairs++;
  if (a.json.catalog_version === b.json.catalog_version) tally.recommendSameVersion++;
  if (picks(a) === picks(b)) tally.recommendIdentical++;
  else if (a.json.catalog_version === b.json.catalog_version) error('recommend: one catalog, two answers');
}

async function client(base, stopAt, first) {
  const tasks = [walk, revalidate, recommendPair];
  for (let i = first; Date.now() < stopAt; i++) {
    try { await tasks[i % tasks.length](base); } catch (e) { error(`client: ${e.message}`); }
  }
}

// Starts `gpurec serve` with env (its GPUREC_LISTEN a port chosen here, which nginx already names) and waits for it.
async function startDaemon(env, port) {
  const child = spawn(binary, ['serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try { await fetch(`http://127.0.0.1:${port}/healthz`); return { child, exited }; } catch { await sleep(50); }
  }
  child.kill('SIGKILL');
  throw new Error(`the daemon on port ${port} did not start`);
}

async function stopDaemon(daemon) {
  daemon.child.kill('SIGTERM');
  const timer = setTimeout(() => daemon.child.kill('SIGKILL'), WAIT_MS);
  const result = await daemon.exited;
  clearTimeout(timer);
  return result;
}

const served = async (port) => (await request(`http://127.0.0.1:${port}`, '/readyz')).json?.catalog_version;

async function metric(port, name) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{'));
  return line === undefined ? undefined : line.slice(line.lastIndexOf(' ') + 1);
}

// Polls every replica until each serves version, then reads when each began to, by its own clock
// (gpurec_catalog_served_since_timestamp_seconds): the seconds from `from` (ms) to the last one, and from the first to
// the last; null when one does not serve it within limitMs.
async function converge(ports, version, from, limitMs) {
  const done = new Array(ports.length).fill(false);
  const deadline = Date.now() + limitMs;
  while (done.includes(false) && Date.now() < deadline) {
    await Promise.all(ports.map(async (p, i) => { done[i] ||= (await served(p)) === version; }));
    if (done.includes(false)) await sleep(25);
  }
  if (done.includes(false)) return null;
  const since = await Promise.all(ports.map(async (p) => Number(await metric(p, 'gpurec_catalog_served_since_timestamp_seconds'))));
  const round = (s) => Math.round(s * 1000) / 1000;
  return { last: round(Math.max(...since) - from / 1000), spread: round(Math.max(...since) - Math.min(...since)) };
}

async function integrity(files) {
  const bad = [];
  for (const f of files) {
    const { stdout } = await run('sqlite3', ['-readonly', f, 'PRAGMA integrity_check;']);
    if (stdout.trim() !== 'ok') bad.push(`${f}: ${stdout.trim().slice(0, 200)}`);
  }
  return bad;
}

async function main() {
  migrate(binary, pubEnv.GPUREC_DB);
  const [proxyPort, staticPort] = [await freePort(), await freePort()];
  const ports = [await freePort(), await freePort(), await freePort()];
  const first = await publishOnce(1);
  const nginx = await startNginx(proxyPort, staticPort, ports);
  const daemons = [];
  for (let i = 0; i < 3; i++) {
    const env = { GPUREC_DB: join(work.dir, `replica${i}.db`), GPUREC_LOG_LEVEL: 'error', GPUREC_THREADS: '2',
      GPUREC_LISTEN: `127.0.0.1:${ports[i]}`, GPUREC_ADMIN_TOKEN: TOKEN, GPUREC_MAX_CONNECTIONS_PER_IP: '0',
      GPUREC_MIGRATIONS_DIR: join(repoRoot, 'migrations') };
    if (published) Object.assign(env, { GPUREC_CATALOG_POLL_INTERVAL: String(POLL_S), GPUREC_REFRESH_INTERVAL: '0',
      GPUREC_CATALOG_SOURCE: i === 2 ? `http://127.0.0.1:${staticPort}/` : pub });
    else Object.assign(env, { GPUREC_PROVIDERS: 'feed', GPUREC_REFRESH_INTERVAL: String(REFRESH_S),
      GPUREC_FEED_URLS: `http://127.0.0.1:${staticPort}/feed.json` });
    migrate(binary, env.GPUREC_DB);
    daemons.push(await startDaemon(env, ports[i]));
  }
  const base = `http://127.0.0.1:${proxyPort}`;
  const figures = { layout, swaps: 0, convergence_s: [], spread_s: [] };
  try {
    if (published) check('every replica serves the first publication',
      (await converge(ports, first.version, Date.now(), WAIT_MS)) ? null : 'not within 30 s');
    const stopAt = Date.now() + SWAPS * PUBLISH_EVERY_MS + 3000;
    const clients = Array.from({ length: CLIENTS }, (_, k) => client(base, stopAt, k));
    for (let step = 2; step < SWAPS + 2; step++) {
      const began = Date.now();
      const m = await publishOnce(step);
      const due = published ? Date.parse(m.serve_from) : began;
      const c = published ? await converge(ports, m.version, due, WAIT_MS) : null;
      if (!published) { // the daemons' own versions: converged when all agree on a new one
        const deadline = Date.now() + 3 * REFRESH_S * 1000;
        let agreed = null;
        while (Date.now() < deadline && agreed === null) {
          const vs = await Promise.all(ports.map(served));
          if (vs.every((v) => v === vs[0])) agreed = (Date.now() - began) / 1000; else await sleep(25);
        }
        figures.convergence_s.push(agreed);
      } else if (c) { figures.convergence_s.push(c.last); figures.spread_s.push(c.spread); }
      else figures.convergence_s.push(null);
      figures.swaps++;
      await sleep(Math.max(0, PUBLISH_EVERY_MS - (Date.now() - began)));
    }
    await Promise.all(clients);
    Object.assign(figures, tally, { errors: tally.errors.length, error_samples: tally.errors.slice(0, 5) });
    if (published) await publishedChecks(ports, base, figures);
  } finally {
    for (const d of daemons) {
      const result = await stopDaemon(d);
      check('a replica stops cleanly on SIGTERM', result.code === 0 ? null : JSON.stringify(result));
    }
    nginx.kill('SIGTERM');
  }
  console.log(`scale: ${JSON.stringify(figures)}`);
  work.remove();
  finish();
}

async function publishedChecks(ports, base, figures) {
  check('no errors through the proxy', tally.errors);
  check('no broken cursor walks', tally.walksBroken ? `${tally.walksBroken} of ${tally.walks}` : null);
  check('no failed revalidations', tally.revalidationsFailed ? `${tally.revalidationsFailed}` : null);
  check('every pair of recommends from one catalog is identical',
    tally.recommendSameVersion > tally.recommendIdentical ? 'two answers from one catalog' : null);
  check('the load covered walks, revalidations and recommends',
    tally.walks && tally.revalidations && tally.recommendPairs ? null : JSON.stringify(tally));
  check(`every replica serves each publication within the poll interval (${POLL_S} s) of its serve_from`,
    figures.convergence_s.filter((s) => s === null || s > POLL_S).map((s) => `converged after ${s} s`));
  const files = [pubEnv.GPUREC_DB, ...readdirSync(pub).filter((f) => f.endsWith('.db')).map((f) => join(pub, f))];
  for (let i = 0; i < 3; i++) {
    const dir = join(work.dir, `replica${i}.db.snapshots`);
    files.push(...readdirSync(dir).filter((f) => f.endsWith('.db')).map((f) => join(dir, f)));
  }
  check(`integrity_check ok on every file after ${figures.swaps} swaps (${files.length} files)`, await integrity(files));
  const refused = await request(base, '/v1/admin/refresh', { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });
  check('a replica refuses an admin write, naming the publisher', refused.status === 409 &&
    refused.json.type.endsWith('read-only-replica') && refused.json.detail.includes('the scale test publisher')
    ? null : `${refused.status} ${JSON.stringify(refused.json)}`);
  await corruptPublication(ports);
}

// A truncated file under a manifest that names the whole one's size and hash: refused, the last good one served.
async function corruptPublication(ports) {
  const good = JSON.parse(readFileSync(join(pub, 'manifest.json'), 'utf8'));
  const whole = readFileSync(join(pub, good.file));
  const bad = { ...good, version: 'ffffffffffffffff', file: 'catalog-ffffffffffffffff-000000000000.db',
    sha256: createHash('sha256').update(Buffer.concat([whole, Buffer.from('x')])).digest('hex'), bytes: whole.length + 1 };
  writeFileSync(join(pub, bad.file), whole.subarray(0, whole.length >> 1));
  writeFileSync(join(pub, 'manifest.json.tmp'), JSON.stringify(bad));
  renameSync(join(pub, 'manifest.json.tmp'), join(pub, 'manifest.json'));
  const deadline = Date.now() + WAIT_MS;
  let states = [];
  while (Date.now() < deadline) {
    states = await Promise.all(ports.map(async (p) => ({ failing: await metric(p, 'gpurec_catalog_reload_failing'),
      failures: Number(await metric(p, 'gpurec_catalog_reload_failures_total')), version: await served(p) })));
    if (states.every((s) => s.failing === '1' && s.failures > 0)) break;
    await sleep(100);
  }
  check('a truncated published file is refused by every replica, which keeps serving the last good catalog',
    states.filter((s) => s.failing !== '1' || !(s.failures > 0) || s.version !== good.version).map((s) => JSON.stringify(s)));
  const again = await publishOnce(SWAPS + 2);
  check('after it, the next good publication is served everywhere',
    (await converge(ports, again.version, Date.parse(again.serve_from), WAIT_MS)) ? null : 'not within 30 s');
}

main().catch((e) => { console.log(`FAIL scale: ${e.stack}`); work.remove(); process.exit(1); });
