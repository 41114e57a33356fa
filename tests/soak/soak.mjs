// A bounded soak of the real daemon: mixed load (catalog reads, recommendations, estimates, conditional GETs) from
// several clients, an import every SOAK_IMPORT_S seconds, an admin refresh every SOAK_REFRESH_S seconds and the
// scheduled refreshes, every source a fixture server on 127.0.0.1 (node:http) whose feed changes price each time it
// is read, so each refresh and import publishes a new catalog. It prints the daemon's RSS (VmRSS, /proc) over time
// and fails when a request got a 5xx or no answer, when the daemon died, or when RSS still grows at the end.
// Node's standard library only. Usage: node soak.mjs BINARY MINUTES
import { Agent, createServer, get as httpGet } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, repoRoot, start, stop, tempDir } from '../contract/lib/daemon.mjs';

const [binary, minutesArg] = process.argv.slice(2);
const minutes = Number(minutesArg ?? 30);
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SAMPLE_S = env('SOAK_SAMPLE_S', 30);
const CLIENTS = env('SOAK_CLIENTS', 8);
const IMPORT_S = env('SOAK_IMPORT_S', 10);
const REFRESH_S = env('SOAK_REFRESH_S', 20);
// RSS may still rise this much over the second half of the run (page cache of SQLite, malloc's arenas settling):
// more is growth that does not flatten.
const GROWTH_LIMIT_KB = env('SOAK_GROWTH_LIMIT_KB', 4096);
const TOKEN = 'soak-admin-token-0123456789';

if (!binary || !(minutes > 0)) {
  console.error('usage: node soak.mjs BINARY MINUTES');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const data = (rel) => readFileSync(join(repoRoot, 'tests/data/providers', rel), 'utf8');

// The fixture server: Azure's two pages, the ECB's rates, and a feed whose prices alternate on every read (each
// within the 5x guard of the other and of the seed).
let feedReads = 0;
function feed() {
  const up = feedReads++ % 2 === 0;
  return JSON.stringify({
    prices: [
      { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-east-1', pricing_model: 'on_demand',
        hourly: up ? 23.92 : 23.5, currency: 'USD' },
      { provider: 'aws', instance_type: 'g5.xlarge', region: 'us-east-1', pricing_model: 'spot',
        hourly: up ? 0.41 : 0.39, currency: 'USD', spot_interruption: '5-10%' },
    ],
  });
}
const fixtures = createServer((req, res) => {
  const url = new URL(req.url, 'http://fixture');
  const base = `http://127.0.0.1:${fixtures.address().port}`;
  let body = null;
  let type = 'application/json';
  if (url.pathname === '/azure/api/retail/prices')
    body = data(url.searchParams.get('$skip') === '100' ? 'azure/page2.json' : 'azure/page1.json');
  else if (url.pathname === '/fx/eurofxref-daily.xml') {
    body = data('fx/eurofxref-daily.xml');
    type = 'text/xml';
  } else if (url.pathname === '/feeds/prices.json') body = feed();
  if (body === null) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': type }).end(body.replaceAll('{{BASE}}', base));
});
await new Promise((r) => fixtures.listen(0, '127.0.0.1', r));
const fixtureBase = `http://127.0.0.1:${fixtures.address().port}`;

const dir = tempDir('gpurec-soak-');
const db = join(dir.dir, 'gpurec.db');
migrate(binary, db);
const daemon = await start(binary, {
  GPUREC_DB: db,
  GPUREC_THREADS: '2',
  GPUREC_LOG_LEVEL: 'warn',
  GPUREC_PROVIDERS: 'azure,feed,fx',
  GPUREC_AZURE_PRICES_URL: `${fixtureBase}/azure/api/retail/prices`,
  GPUREC_FEED_URLS: `${fixtureBase}/feeds/prices.json`,
  GPUREC_FX_URL: `${fixtureBase}/fx/eurofxref-daily.xml`,
  GPUREC_REFRESH_INTERVAL: String(REFRESH_S),
  GPUREC_ADMIN_TOKEN: TOKEN,
  GPUREC_ADMIN_MIN_INTERVAL: '0',
  GPUREC_MAX_CONNECTIONS_PER_IP: '0',
});

function rssKb() {
  try {
    const status = readFileSync(`/proc/${daemon.child.pid}/status`, 'utf8');
    return Number(status.match(/^VmRSS:\s+([0-9]+) kB/m)[1]);
  } catch {
    return NaN;
  }
}

const counts = { requests: 0, errors: 0, imports: 0, importsBusy: 0, refreshes: 0, notModified: 0 };
const errorSamples = [];
function failed(what) {
  counts.errors++;
  if (errorSamples.length < 10) errorSamples.push(what);
}

const RECOMMEND = [
  { workload: { kind: 'fine_tuning', model_params_b: 7, tokens_b: 1 }, objective: 'cost', limit: 3 },
  { workload: { kind: 'inference', model: 'llama-3.1-70b', precision: 'fp8' }, limit: 5 },
  { workload: { kind: 'training', model: 'llama-2-70b', tokens_b: 200, deadline_hours: 720, checkpointing: true } },
  { workload: { kind: 'inference', model: 'no-such-model' } }, // a 4xx: fine, and counted as an answer
];
const ESTIMATE = { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 4, months: 3 }] };
const GETS = [
  '/v1/instances?gpu=h100-sxm-80gb&limit=20',
  '/v1/instances?provider=azure&sort=usd_per_tflops&limit=50',
  '/v1/instances/azure/Standard_ND96isr_H100_v5',
  '/v1/instances/lambda/gpu_8x_h100_sxm5',
  '/v1/gpus?vendor=nvidia&min_memory_gb=80',
  '/v1/models?family=llama',
  '/v1/providers',
  '/metrics',
  '/readyz',
];

async function call(path, init = {}) {
  const response = await fetch(daemon.base + path, { ...init, signal: AbortSignal.timeout(30000) });
  const text = await response.text();
  counts.requests++;
  if (response.status >= 500) failed(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, headers: response.headers, text };
}

// Conditional GETs go through node:http: Node's fetch keeps a connection open, unused, after a 304 that carries a
// Content-Length (which libmicrohttpd 0.9.75 always writes, see service/face/routes.c), and so would fill the
// daemon's connection limit with idle connections of its own making.
const keepAlive = new Agent({ keepAlive: true, maxSockets: CLIENTS });
function conditionalGet(path, etag) {
  return new Promise((resolveGet, rejectGet) => {
    const request = httpGet(daemon.base + path, { agent: keepAlive, headers: etag ? { 'If-None-Match': etag } : {},
                                                  timeout: 30000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        counts.requests++;
        if (response.statusCode >= 500) failed(`GET ${path}: ${response.statusCode} ${text.slice(0, 200)}`);
        resolveGet({ status: response.statusCode, etag: response.headers.etag });
      });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', rejectGet);
  });
}

const deadline = Date.now() + minutes * 60000;
async function client(n) {
  let etag = null;
  for (let i = n; Date.now() < deadline; i++) {
    try {
      const kind = i % 6;
      if (kind === 0) {
        await call('/v1/recommend', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                      body: JSON.stringify(RECOMMEND[(i >> 3) % RECOMMEND.length]) });
      } else if (kind === 1) {
        await call('/v1/estimate', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                     body: JSON.stringify(ESTIMATE) });
      } else if (kind === 2) {
        const r = await conditionalGet('/v1/gpus', etag);
        if (r.status === 304) counts.notModified++;
        etag = r.etag ?? etag;
      } else {
        await call(GETS[i % GETS.length]);
      }
    } catch (e) {
      failed(`client ${n}: ${e.message}`);
    }
  }
}

const admin = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
async function importer() {
  for (let i = 0; Date.now() < deadline; i++) {
    await sleep(IMPORT_S * 1000);
    const hourly = i % 2 === 0 ? 96.5 : 97.25; // within the guard of each other and of the seed's 98.32
    const body = JSON.stringify([{ provider: 'azure', instance_type: 'Standard_ND96isr_H100_v5', region: 'eastus',
                                   pricing_model: 'on_demand', hourly, currency: 'USD' }]);
    try {
      const r = await call('/v1/admin/import', { method: 'POST', headers: admin, body });
      if (r.status === 200) counts.imports++;
      else if (r.status === 409 || r.status === 503) counts.importsBusy++; // a feed refresh runs, or the lock is held
      else failed(`import: ${r.status} ${r.text.slice(0, 200)}`);
    } catch (e) {
      failed(`import: ${e.message}`);
    }
  }
}
async function refresher() {
  while (Date.now() < deadline) {
    await sleep(REFRESH_S * 1000 * 0.75);
    try {
      const r = await call('/v1/admin/refresh', { method: 'POST', headers: admin });
      if (r.status === 202) counts.refreshes++;
      else if (r.status !== 409) failed(`refresh: ${r.status} ${r.text.slice(0, 200)}`);
    } catch (e) {
      failed(`refresh: ${e.message}`);
    }
  }
}

const samples = [];
const started = Date.now();
function sample() {
  const s = { t: Math.round((Date.now() - started) / 1000), rss: rssKb(), ...counts };
  samples.push(s);
  console.log(`${String(s.t).padStart(6)} s  RSS ${String(s.rss).padStart(7)} kB  requests ${s.requests}  errors ${s.errors}` +
              `  imports ${s.imports} (+${s.importsBusy} busy)  admin refreshes ${s.refreshes}`);
}
console.log(`soak: ${minutes} min, ${CLIENTS} clients, an import every ${IMPORT_S} s, refreshes every ~${REFRESH_S} s; ` +
            `daemon pid ${daemon.child.pid}`);
sample();
const sampler = setInterval(sample, SAMPLE_S * 1000);
await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), importer(), refresher()]);
clearInterval(sampler);
sample();
keepAlive.destroy();

const alive = daemon.child.exitCode === null && daemon.child.signalCode === null;
const result = await stop(daemon);
fixtures.close();
const warnings = daemon.lines.filter((l) => /"level":"(warn|error)"/.test(l) && !/refresh rejected/.test(l));

// Growth that does not flatten: the last sample against the highest of the first half.
const half = samples.filter((s) => s.t <= samples[samples.length - 1].t / 2);
const firstHalfMax = Math.max(...half.map((s) => s.rss));
const last = samples[samples.length - 1].rss;
const growth = last - firstHalfMax;
console.log(`RSS: start ${samples[0].rss} kB, highest in the first half ${firstHalfMax} kB, end ${last} kB ` +
            `(${growth >= 0 ? '+' : ''}${growth} kB over the second half; limit ${GROWTH_LIMIT_KB} kB)`);
console.log(`requests ${counts.requests}, errors ${counts.errors}, imports ${counts.imports} (+${counts.importsBusy} busy), ` +
            `admin refreshes ${counts.refreshes}, 304s ${counts.notModified}; exit ${JSON.stringify(result)}`);
for (const e of errorSamples) console.log(`error: ${e}`);
for (const w of warnings.slice(0, 10)) console.log(`daemon: ${w}`);
dir.remove();
const ok = alive && counts.errors === 0 && growth <= GROWTH_LIMIT_KB && result.code === 0;
console.log(ok ? 'soak: passed' : 'soak: FAILED');
process.exit(ok ? 0 : 1);
