// Drives gpurec's web page in Debian's chromium (headless, through playwright-core) against a running daemon.
// Usage: GPUREC_UI_BASE=http://127.0.0.1:PORT/ GPUREC_UI_SHOTS=DIR node ui.test.mjs   (tests/ui/run.sh does this)
// Each check runs in order on one page; the closing line counts them: "ui: N passed, M failed".
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

const BASE = process.env.GPUREC_UI_BASE;
const SHOTS = process.env.GPUREC_UI_SHOTS || path.join(os.tmpdir(), 'gpurec-ui-screenshots');
const CHROMIUM = process.env.GPUREC_CHROMIUM || '/usr/bin/chromium';
if (!BASE) {
  console.error('ui: set GPUREC_UI_BASE to the daemon URL, e.g. http://127.0.0.1:8080/');
  process.exit(2);
}
mkdirSync(SHOTS, { recursive: true });

const results = [];
let pageLoaded = false; /* set by the page-load check: without a page, the checks that need one fail at once, not by timeout */
async function check(name, fn, needsPage = true) {
  const started = Date.now();
  if (needsPage && !pageLoaded) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: not run, the page did not load`);
    return;
  }
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${err && err.stack ? err.stack : err}`);
    if (page) await page.screenshot({ path: path.join(SHOTS, `failed-${results.length}.png`), fullPage: true }).catch(() => {});
  }
}

async function api(method, p, body) {
  const response = await fetch(new URL(p, BASE), {
    method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, json: await response.json().catch(() => null) };
}

async function shot(name, options) {
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true, ...options });
}

/* The value the page shows for a pricing model total, as the page formats it (en-US currency). */
function usd(x) {
  const digits = Math.abs(x) >= 10000 ? 0 : Math.abs(x) < 1 && x !== 0 ? 3 : 2;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits,
    maximumFractionDigits: digits }).format(x);
}

/* Posts the recommend form and returns what the daemon answered, as the page received it. */
async function submitRecommend() {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/recommend') && r.request().method() === 'POST'),
    page.click('#recommend-submit'),
  ]);
  const body = await response.json();
  return { status: response.status(), body, request: JSON.parse(response.request().postData()) };
}

const PEAK_FIELDS = {
  fp64: ['fp64_tflops', 'fp64_tensor_tflops'], fp32: ['fp32_tflops'], tf32: ['tf32_tflops'], bf16: ['bf16_tflops'],
  fp16: ['fp16_tflops'], fp8: ['fp8_tflops'], int8: ['int8_tops'], int4: ['int8_tops'],
};

const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'gpurec-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1440, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
let page = await context.newPage();
const pageErrors = [];
const outsideRequests = [];
page.on('pageerror', (err) => pageErrors.push(err.message));
page.on('request', (req) => {
  const url = new URL(req.url());
  if (url.origin !== new URL(BASE).origin && !url.protocol.startsWith('data')) outsideRequests.push(req.url());
});

let gpus = [];

await check('assets: redirect, ETag revalidation, 404 problem', async () => {
  const root = await fetch(BASE, { redirect: 'manual' });
  assert.equal(root.status, 302);
  assert.equal(root.headers.get('location'), 'ui/', 'a relative redirect keeps a gateway prefix');
  const index = await fetch(new URL('ui/', BASE));
  assert.equal(index.status, 200);
  assert.match(index.headers.get('content-type'), /^text\/html/);
  const html = await index.text();
  assert.match(html, /<script src="app\.js"/, 'assets are referenced relative to the page');
  for (const name of ['app.js', 'style.css', 'icon.svg']) {
    const first = await fetch(new URL(`ui/${name}`, BASE));
    assert.equal(first.status, 200, name);
    const etag = first.headers.get('etag');
    assert.match(etag || '', /^"[0-9a-f]{16}"$/, `${name} has a content-hash ETag`);
    assert.match(first.headers.get('cache-control') || '', /no-cache/);
    const again = await fetch(new URL(`ui/${name}`, BASE), { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304, `${name} revalidates to 304`);
  }
  const missing = await fetch(new URL('ui/no-such-file.js', BASE));
  assert.equal(missing.status, 404);
  assert.match(missing.headers.get('content-type'), /application\/problem\+json/);
  const problem = await missing.json();
  assert.equal(problem.status, 404);
  assert.ok(problem.title);
}, false);

await check('page loads from / with providers, regions and GPUs', async () => {
  gpus = (await api('GET', `v1/gpus?limit=100`)).json.items;
  const providers = (await api('GET', 'v1/providers')).json.items;
  await page.goto(BASE);
  assert.match(new URL(page.url()).pathname, /\/ui\/$/);
  await page.waitForSelector('body[data-ready="true"]');
  const boxes = await page.$$eval('#providers-box input[type="checkbox"]', (els) => els.map((e) => e.value));
  assert.deepEqual(boxes.sort(), providers.map((p) => p.id).sort());
  const regions = await page.$$eval('#regions-select option', (els) => els.length);
  assert.ok(regions > 0, 'regions listed');
  assert.match(await page.textContent('#catalog-state'), new RegExp(`${providers.length} providers`));
  await shot('01-start.png');
  pageLoaded = true;
}, false);

let fitted = null;
await check('recommend: form sent, ranked table with reasons, requirements', async () => {
  await page.selectOption('[name="workload.kind"]', 'inference');
  await page.fill('[name="workload.model_params_b"]', '13');
  await page.selectOption('[name="workload.precision"]', 'fp16');
  await page.check('[name="workload.latency_sensitive"]');
  await page.check('[name="constraints.pricing"][value="on_demand"]');
  await page.check('[name="constraints.pricing"][value="spot"]');
  await page.selectOption('[name="show"]', '5');
  fitted = await submitRecommend();
  assert.equal(fitted.status, 200, JSON.stringify(fitted.body));
  const sent = fitted.request;
  assert.equal(sent.workload.kind, 'inference');
  assert.equal(sent.workload.model_params_b, 13);
  assert.equal(sent.workload.precision, 'fp16');
  assert.equal(sent.workload.latency_sensitive, true);
  assert.deepEqual(sent.constraints.pricing, ['on_demand', 'spot']);
  const recs = fitted.body.recommendations;
  assert.ok(recs.length > 0, 'the seed catalog has offers for a 13B model');
  await page.waitForSelector('#ranking tbody.rec');
  const rows = await page.$$eval('#ranking tbody.rec', (els) => els.map((e) => ({
    rank: Number(e.dataset.rank), provider: e.dataset.provider, text: e.textContent })));
  assert.equal(rows.length, Math.min(5, recs.length));
  rows.forEach((row, i) => {
    assert.equal(row.rank, recs[i].rank);
    assert.equal(row.provider, recs[i].provider);
    assert.ok(row.text.includes(recs[i].instance_type), `row ${i + 1} names ${recs[i].instance_type}`);
    for (const reason of recs[i].reasons || []) assert.ok(row.text.includes(reason), `row ${i + 1} shows "${reason}"`);
    for (const warning of recs[i].warnings || []) assert.ok(row.text.includes(warning), `row ${i + 1} warns "${warning}"`);
    assert.ok(['on_demand', 'spot'].includes(recs[i].pricing), 'pricing constraint honoured');
  });
  const firstPrice = await page.textContent('#ranking tbody.rec >> nth=0 >> td:nth-child(5)');
  assert.ok(firstPrice.includes(usd(recs[0].hourly_usd)), `${firstPrice} shows ${usd(recs[0].hourly_usd)}`);
  const memory = await page.textContent('#requirements [data-key="gpu_memory_gb"] dd');
  assert.match(memory, new RegExp(`^${Math.round(fitted.body.requirements.gpu_memory_gb * 10) / 10}`.replace('.', '\\.')));
});

/* The points the chart plots, with their data and screen positions. */
async function chartPoints() {
  return page.$$eval('#chart-svg circle.point', (els) => els.map((e) => ({
    rank: Number(e.dataset.rank), provider: e.dataset.provider, x: Number(e.dataset.x), y: Number(e.dataset.y),
    cx: Number(e.getAttribute('cx')), cy: Number(e.getAttribute('cy')), recommended: e.dataset.recommended === 'true',
    fill: e.getAttribute('fill') })));
}
/* The scales are monotonic: a larger x is further right, a larger y higher up. */
function assertMonotonic(points) {
  for (const a of points) {
    for (const b of points) {
      if (a.x < b.x) assert.ok(a.cx <= b.cx, 'x scale is monotonic');
      if (a.y < b.y) assert.ok(a.cy >= b.cy, 'y scale is monotonic');
    }
  }
}
async function axisTitles() {
  return { x: await page.textContent('#chart-svg .x-title'), y: await page.textContent('#chart-svg .y-title') };
}
const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

await check('chart: serving answers plot output tokens/s against $ per million tokens, recommendations highlighted, legend', async () => {
  const { body } = fitted;
  const recs = body.recommendations;
  assert.ok(recs.every((r) => r.throughput && r.throughput.usd_per_million_tokens > 0), 'a sized model is served with figures');
  const points = await chartPoints();
  assert.equal(await page.getAttribute('#chart', 'data-mode'), 'throughput');
  assert.equal(points.length, recs.length, 'every offer that fits is plotted');
  for (const r of recs) {
    const p = points.find((q) => q.rank === r.rank);
    assert.ok(p, `rank ${r.rank} plotted`);
    assert.ok(close(p.x, r.throughput.usd_per_million_tokens), `rank ${r.rank}: x ${p.x} = $${r.throughput.usd_per_million_tokens}/M tokens`);
    assert.ok(close(p.y, r.throughput.output_tokens_per_s), `rank ${r.rank}: y ${p.y} = ${r.throughput.output_tokens_per_s} tokens/s`);
    assert.equal(p.recommended, r.rank <= 5);
  }
  assert.equal(points.filter((p) => p.recommended).length, Math.min(5, recs.length));
  assertMonotonic(points);
  const providers = [...new Set(points.map((p) => p.provider))].sort();
  const legend = await page.$$eval('#chart-legend [data-provider]', (els) => els.map((e) => e.dataset.provider));
  assert.deepEqual(legend.sort(), providers);
  for (const id of providers) {
    assert.equal(new Set(points.filter((p) => p.provider === id).map((p) => p.fill)).size, 1, `${id} has one colour`);
  }
  if (providers.length > 1) {
    assert.notEqual(points.find((p) => p.provider === providers[0]).fill, points.find((p) => p.provider === providers[1]).fill);
  }
  const titles = await axisTitles();
  assert.match(titles.x, /^Price per million tokens \(USD\)/);
  assert.match(titles.y, /^Output throughput \(tokens\/s/);
  assert.match(await page.textContent('#chart-title'), /cost per token/);
  await shot('02-recommend.png');
  await page.locator('#chart').screenshot({ path: path.join(SHOTS, '03-chart.png') });
});

await check('recommend with tokens: job cost against job time', async () => {
  await page.selectOption('[name="workload.kind"]', 'training');
  await page.fill('[name="workload.model_params_b"]', '1');
  await page.selectOption('[name="workload.precision"]', 'bf16');
  await page.fill('[name="workload.tokens_b"]', '20');
  await page.uncheck('[name="workload.latency_sensitive"]');
  const job = await submitRecommend();
  assert.equal(job.status, 200, JSON.stringify(job.body));
  assert.equal(job.request.workload.tokens_b, 20);
  const recs = job.body.recommendations;
  assert.ok(recs.length > 0);
  assert.ok(recs.every((r) => r.estimated_hours > 0 && r.estimated_total_usd > 0), 'the service estimates job time and cost');
  await page.waitForFunction(() => /Job time/.test(document.querySelector('#chart-svg')?.textContent || ''));
  const points = await page.$$eval('#chart-svg circle.point', (els) => els.map((e) => ({
    rank: Number(e.dataset.rank), x: Number(e.dataset.x), y: Number(e.dataset.y) })));
  assert.equal(points.length, recs.length);
  for (const r of recs) {
    const p = points.find((q) => q.rank === r.rank);
    assert.ok(Math.abs(p.x - r.estimated_hours) <= 1e-9 * r.estimated_hours);
    assert.ok(Math.abs(p.y - r.estimated_total_usd) <= 1e-9 * r.estimated_total_usd);
  }
  assert.match(await page.textContent('#ranking thead'), /Job cost/i);
  await page.locator('#chart').screenshot({ path: path.join(SHOTS, '04-chart-job.png') });
});

await check('estimate: opened from a recommendation, on-demand vs spot vs reserved', async () => {
  const first = (await page.$$eval('#ranking tbody.rec', (els) => els.map((e) => e.textContent)))[0];
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/estimate')),
    page.click('#ranking tbody.rec >> nth=0 >> button[data-action="estimate"]'),
  ]);
  assert.equal(await page.getAttribute('#tab-estimate', 'aria-selected'), 'true');
  assert.equal(await page.isVisible('#view-estimate'), true);
  assert.equal(await page.isVisible('#view-recommend'), false);
  const sent = JSON.parse(response.request().postData());
  assert.ok(first.includes(sent.items[0].instance_type), 'the estimate is for the recommended instance');
  assert.ok(sent.items[0].hours > 0, 'the job length carries over');
  const body = await response.json();
  assert.equal(response.status(), 200, JSON.stringify(body));
  await page.waitForSelector('#estimate-table tbody tr[data-pricing]');
  const shown = await page.$$eval('#estimate-table tbody tr[data-pricing]', (els) => els.map((e) => ({
    pricing: e.dataset.pricing, text: e.textContent })));
  const byPricing = body.items[0].by_pricing;
  assert.deepEqual(shown.map((s) => s.pricing).sort(), Object.keys(byPricing).sort());
  for (const model of ['on_demand', 'spot', 'reserved_1y', 'reserved_3y']) assert.ok(model in byPricing, `${model} is compared`);
  assert.notEqual(byPricing.on_demand.available, false, 'a recommended offer has an on-demand price');
  for (const s of shown) {
    const answer = byPricing[s.pricing];
    if (answer.available === false) {
      assert.ok(s.text.includes(answer.reason), `${s.pricing} says why it has no figures: ${answer.reason}`);
    } else {
      assert.ok(s.text.includes(usd(answer.total_usd)), `${s.pricing} shows ${usd(answer.total_usd)}`);
    }
  }
  await shot('05-estimate-from-recommendation.png');

  // By hand, an offer the catalog prices on-demand, spot and reserved: every one of them compared.
  const offers = (await api('GET', 'v1/instances?pricing=spot&limit=100')).json.items;
  const offer = offers.find((o) => o.prices.on_demand && o.prices.spot && o.prices.reserved_1y);
  assert.ok(offer, 'the catalog has an offer with on-demand, spot and reserved prices');
  await page.selectOption('#estimate-provider', offer.provider);
  await page.fill('#estimate-instance', offer.instance_type);
  await page.dispatchEvent('#estimate-instance', 'change');
  await page.selectOption('#estimate-region', offer.region);
  // Two instances for three months of 730 hours.
  await page.check('input[name="duration"][value="months"]');
  await page.fill('[name="items[0].months"]', '3');
  await page.fill('[name="items[0].hours_per_month"]', '730');
  await page.fill('[name="items[0].count"]', '2');
  const [again] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/estimate')),
    page.click('#estimate-submit'),
  ]);
  const request = JSON.parse(again.request().postData());
  assert.deepEqual([request.items[0].count, request.items[0].months, request.items[0].hours_per_month], [2, 3, 730]);
  assert.equal(request.items[0].hours, undefined);
  const answer = await again.json();
  assert.equal(again.status(), 200, JSON.stringify(answer));
  assert.deepEqual([request.items[0].provider, request.items[0].instance_type, request.items[0].region],
    [offer.provider, offer.instance_type, offer.region]);
  const models = answer.items[0].by_pricing;
  for (const model of ['on_demand', 'spot', 'reserved_1y']) assert.equal(models[model].available, true, model);
  await page.waitForFunction((text) => document.querySelector('#estimate-table').textContent.includes(text),
    usd(models.on_demand.total_usd));
  for (const [model, figures] of Object.entries(models)) {
    if (figures.available === false) continue;
    const row = await page.textContent(`#estimate-table tr[data-pricing="${model}"]`);
    assert.ok(row.includes(usd(figures.total_usd)), `${model} total ${usd(figures.total_usd)}`);
    assert.ok(row.includes(usd(figures.hourly_usd)), `${model} hourly ${usd(figures.hourly_usd)}`);
    if (model !== 'on_demand' && typeof figures.savings_vs_on_demand_pct === 'number') {
      assert.ok(row.includes(`${figures.savings_vs_on_demand_pct.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`),
        `${model} saving ${figures.savings_vs_on_demand_pct} %`);
    }
    if (typeof figures.break_even_utilisation_pct === 'number') {
      assert.ok(row.includes(`${figures.break_even_utilisation_pct.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`),
        `${model} break-even ${figures.break_even_utilisation_pct} %`);
    }
  }
  const bars = await page.$$eval('#estimate-bars .bar', (els) => els.length);
  assert.equal(bars, Object.values(models).filter((m) => m.available !== false).length);
  await shot('05-estimate.png');
});

await check('problems: title and every field message shown next to the form', async () => {
  await page.click('#tab-recommend');
  await page.fill('[name="workload.model_params_b"]', '-5');
  await page.fill('[name="constraints.max_hourly_usd"]', '-1');
  const bad = await submitRecommend();
  assert.ok(bad.status >= 400 && bad.status < 500, `a client error, not ${bad.status}`);
  assert.ok(Array.isArray(bad.body.errors) && bad.body.errors.length >= 2, JSON.stringify(bad.body));
  await page.waitForSelector('#recommend-problem:not([hidden])');
  const text = await page.textContent('#recommend-problem');
  assert.ok(text.includes(bad.body.title), 'the title is shown');
  for (const e of bad.body.errors) {
    assert.ok(text.includes(e.field) && text.includes(e.message), `${e.field}: ${e.message}`);
  }
  assert.equal(await page.getAttribute('[name="workload.model_params_b"]', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('[name="constraints.max_hourly_usd"]', 'aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'recommend-problem', 'focus moves to the problem');
  await shot('06-problem.png', { fullPage: false });

  // Nothing fits: the rejection counts say why.
  await page.fill('[name="workload.model_params_b"]', '13');
  await page.fill('[name="constraints.max_hourly_usd"]', '0.0001');
  const none = await submitRecommend();
  assert.equal(none.status, 200, JSON.stringify(none.body));
  assert.equal(none.body.recommendations.length, 0);
  assert.equal(await page.isHidden('#recommend-problem'), true, 'the old problem is cleared');
  await page.waitForSelector('#rejections.none');
  const rejected = Object.entries(none.body.rejected).filter(([, n]) => n > 0);
  assert.ok(rejected.length > 0);
  const rows = await page.$$eval('#rejections-table tbody tr', (els) => els.map((e) => e.textContent));
  assert.equal(rows.length, rejected.length);
  for (const [, count] of rejected) assert.ok(rows.some((r) => r.endsWith(count.toLocaleString('en-US'))));
  await shot('07-nothing-fits.png');
  await page.fill('[name="constraints.max_hourly_usd"]', '');
});

/* Numbers as the page prints them (en-US, at most `digits` decimals). */
function num(x, digits) {
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}
function usdFine(x) {
  return `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}
/* The text of each figure of a recommendation's details, by its key ("plan.nodes", "throughput.replicas", ...). */
async function facts(rank) {
  return page.$$eval(`#ranking tbody.rec[data-rank="${rank}"] tr.details [data-key]`,
    (els) => Object.fromEntries(els.map((e) => [e.dataset.key, e.querySelector('dd').textContent])));
}
async function setKind(kind) {
  await page.selectOption('[name="workload.kind"]', kind);
}
function assertPlan(shown, r) {
  assert.ok(shown['plan.nodes'].startsWith(num(r.plan.nodes, 0)), `nodes ${shown['plan.nodes']} = ${r.plan.nodes}`);
  assert.ok(shown['plan.total_gpus'].startsWith(num(r.plan.total_gpus, 2)), `GPUs ${shown['plan.total_gpus']} = ${r.plan.total_gpus}`);
  if (r.plan.utilization) {
    assert.ok(shown['plan.utilization'].startsWith(`${num(r.plan.utilization.value * 100, 1)} %`), shown['plan.utilization']);
    assert.ok(shown['plan.utilization'].includes(r.plan.utilization.why), 'the utilisation says why');
  }
  if (r.plan.wall_clock_hours) assert.ok(shown['plan.wall_clock_hours'].startsWith(`${num(r.plan.wall_clock_hours, 1)} h`));
  if (r.plan.gpu_hours) assert.ok(shown['plan.gpu_hours'].startsWith(`${num(r.plan.gpu_hours, 0)} GPU-hours`));
  if (r.plan.deadline_hours) {
    assert.ok(shown['plan.deadline_hours'].startsWith(`${num(r.plan.deadline_hours, 1)} h`));
    assert.ok(shown['plan.deadline_hours'].includes(r.plan.meets_deadline ? 'met' : 'missed'), shown['plan.deadline_hours']);
  }
}

let models = [];
let spotAnswer = null;
await check('model picker: filled from /v1/models by family, sends workload.model; deadline and spot plan figures', async () => {
  models = (await api('GET', 'v1/models?limit=100')).json.items;
  assert.ok(models.length > 0);
  const options = await page.$$eval('#model-select optgroup option', (els) => els.map((e) => ({
    id: e.value, family: e.parentElement.dataset.family, text: e.textContent })));
  assert.deepEqual(options.map((o) => o.id).sort(), models.map((m) => m.id).sort(), 'every catalogued model is offered');
  for (const m of models) {
    const o = options.find((x) => x.id === m.id);
    assert.equal(o.family, m.family, `${m.id} under its family`);
    assert.ok(o.text.includes(`${num(m.params_b, 2)} B`), `${o.text} shows ${m.params_b} B`);
    if (m.moe && m.active_params_b < m.params_b) assert.ok(o.text.includes(`${num(m.active_params_b, 2)} B active`), o.text);
  }
  assert.ok(models.some((m) => m.moe), 'the catalogue has a mixture of experts to show active parameters for');

  await setKind('training');
  await page.selectOption('#model-select', 'llama-2-70b');
  assert.equal(await page.isDisabled('[name="workload.model_params_b"]'), true, 'the model gives the parameter count');
  assert.equal(await page.inputValue('[name="workload.model_params_b"]'), '70');
  assert.equal(await page.isVisible('[name="workload.deadline_hours"]'), true);
  assert.equal(await page.isVisible('[name="workload.target_tokens_per_s"]'), false, 'serving inputs are for inference');
  await page.selectOption('[name="workload.precision"]', 'bf16');
  await page.fill('[name="workload.tokens_b"]', '200');
  await page.fill('[name="workload.deadline_hours"]', '720');
  await page.fill('[name="workload.checkpoint_interval_minutes"]', '30');
  await page.check('[name="workload.checkpointing"]');
  await page.uncheck('[name="constraints.pricing"][value="on_demand"]');
  await page.check('[name="constraints.pricing"][value="spot"]');
  spotAnswer = await submitRecommend();
  assert.equal(spotAnswer.status, 200, JSON.stringify(spotAnswer.body));
  const w = spotAnswer.request.workload;
  assert.equal(w.model, 'llama-2-70b');
  assert.equal(w.model_params_b, undefined, 'the count is not sent beside a model');
  assert.equal(w.deadline_hours, 720);
  assert.equal(w.checkpoint_interval_minutes, 30);
  for (const key of ['target_tokens_per_s', 'requests_per_s', 'prompt_tokens', 'max_ttft_ms', 'kv_cache_precision',
    'fine_tuning_method', 'lora_rank']) assert.equal(w[key], undefined, `${key} is not sent`);
  assert.deepEqual(spotAnswer.request.constraints.pricing, ['spot']);
  const recs = spotAnswer.body.recommendations;
  assert.ok(recs.length > 0 && recs[0].spot && recs[0].plan.deadline_hours === 720, 'a spot plan sized for the deadline');
  await page.waitForSelector('#ranking tbody.rec[data-rank="1"] tr.details [data-key="spot.overhead_fraction"]');
  for (const r of recs.slice(0, 5)) {
    const shown = await facts(r.rank);
    assertPlan(shown, r);
    const sp = r.spot;
    assert.ok(shown['spot.interruption_rate_per_hour'].startsWith(`${num(sp.interruption_rate_per_hour * 100, 2)} % per node-hour`));
    assert.ok(shown['spot.interruption_rate_per_hour'].includes(`${num(sp.fleet_interruption_rate_per_hour, 3)} per hour`));
    assert.ok(shown['spot.expected_interruptions'].startsWith(`${num(sp.expected_interruptions, 1)} interruptions`));
    assert.ok(shown['spot.overhead_fraction'].startsWith(`+${num(sp.overhead_fraction * 100, 1)} %`));
    assert.ok(shown['spot.checkpoint_interval_minutes'].startsWith(`every ${num(sp.checkpoint_interval_minutes, 0)} min`));
    assert.equal(sp.checkpoint_interval_minutes, 30, 'the interval sent is the one planned');
    assert.equal(shown['spot.rate_source'], sp.rate_source);
    assert.equal(shown['throughput.replicas'], undefined, 'no serving figures for training');
  }
  assert.equal(await page.isVisible('#ranking tbody.rec[data-rank="1"] [data-key="plan.nodes"]'), true, 'the top pick is open');
  await shot('12-spot-plan.png');
});

await check('fine-tuning: method and LoRA rank reach the request', async () => {
  await setKind('fine_tuning');
  assert.equal(await page.isVisible('[name="workload.fine_tuning_method"]'), true);
  await page.selectOption('[name="workload.fine_tuning_method"]', 'full');
  assert.equal(await page.isDisabled('[name="workload.lora_rank"]'), true, 'full fine-tuning has no rank');
  await page.selectOption('[name="workload.fine_tuning_method"]', 'qlora');
  await page.fill('[name="workload.lora_rank"]', '32');
  await page.fill('[name="workload.tokens_b"]', '0.1');
  await page.fill('[name="workload.deadline_hours"]', '48');
  await page.fill('[name="workload.checkpoint_interval_minutes"]', '');
  await page.check('[name="constraints.pricing"][value="on_demand"]');
  const tuned = await submitRecommend();
  assert.equal(tuned.status, 200, JSON.stringify(tuned.body));
  const w = tuned.request.workload;
  assert.deepEqual([w.kind, w.model, w.fine_tuning_method, w.lora_rank, w.tokens_b, w.deadline_hours],
    ['fine_tuning', 'llama-2-70b', 'qlora', 32, 0.1, 48]);
  assert.equal(w.checkpoint_interval_minutes, undefined, 'an emptied input is not sent');
  assert.equal(tuned.body.requirements.fine_tuning_method, 'qlora');
  assert.match(tuned.body.requirements.formula, /rank-32/);
  await page.waitForFunction((f) => document.querySelector('#requirements-formula').textContent === f, tuned.body.requirements.formula);
  const r = tuned.body.recommendations[0];
  await page.waitForSelector('#ranking tbody.rec[data-rank="1"] [data-key="plan.deadline_hours"]');
  assertPlan(await facts(1), r);
});

let served = null;
await check('serving: load inputs reach the request; tensor parallel, replicas, tokens/s, first token and $ per million tokens shown', async () => {
  await setKind('inference');
  assert.equal(await page.isVisible('[name="workload.fine_tuning_method"]'), false);
  await page.selectOption('#model-select', 'llama-3.1-70b');
  await page.selectOption('[name="workload.precision"]', 'fp8');
  await page.fill('[name="workload.tokens_b"]', '');
  await page.uncheck('[name="workload.checkpointing"]');
  await page.uncheck('[name="constraints.pricing"][value="spot"]');
  await page.fill('[name="workload.target_tokens_per_s"]', '20000');
  await page.fill('[name="workload.prompt_tokens"]', '2048');
  await page.fill('[name="workload.output_tokens"]', '512');
  await page.fill('[name="workload.max_ttft_ms"]', '2000');
  await page.selectOption('[name="workload.kv_cache_precision"]', 'fp8');
  served = await submitRecommend();
  assert.equal(served.status, 200, JSON.stringify(served.body));
  const w = served.request.workload;
  assert.deepEqual([w.model, w.target_tokens_per_s, w.prompt_tokens, w.output_tokens, w.max_ttft_ms, w.kv_cache_precision],
    ['llama-3.1-70b', 20000, 2048, 512, 2000, 'fp8']);
  for (const key of ['deadline_hours', 'fine_tuning_method', 'lora_rank', 'tokens_b']) assert.equal(w[key], undefined, `${key} is not sent`);
  const recs = served.body.recommendations;
  assert.ok(recs.length > 0);
  await page.waitForSelector('#ranking tbody.rec[data-rank="1"] [data-key="throughput.usd_per_million_tokens"]');
  for (const r of recs.slice(0, 5)) {
    const t = r.throughput;
    assert.equal(t.prompt_tokens, 2048, 'the service sized the request sent');
    const shown = await facts(r.rank);
    assertPlan(shown, r);
    const replicaGpus = t.tensor_parallel * t.pipeline_parallel;
    assert.ok(shown['throughput.tensor_parallel'].startsWith(`${replicaGpus} GPU`), shown['throughput.tensor_parallel']);
    assert.ok(shown['throughput.tensor_parallel'].includes(`tensor ${t.tensor_parallel}`), shown['throughput.tensor_parallel']);
    if (t.nodes_per_replica > 1) assert.ok(shown['throughput.tensor_parallel'].includes(`${t.nodes_per_replica} nodes`));
    assert.ok(shown['throughput.replicas'].startsWith(num(t.replicas, 2)), shown['throughput.replicas']);
    assert.ok(shown['throughput.output_tokens_per_s'].startsWith(`${num(t.output_tokens_per_s, 0)} tokens/s`));
    assert.ok(shown['throughput.output_tokens_per_s'].includes(`${num(1000 / t.time_per_output_token_ms, 1)} per sequence`));
    assert.ok(shown['throughput.time_to_first_token_ms'].startsWith(`${num(t.time_to_first_token_ms, 1)} ms`));
    assert.ok(shown['throughput.usd_per_million_tokens'].startsWith(usdFine(t.usd_per_million_tokens)));
    assert.ok(shown['throughput.usd_per_million_tokens'].includes(`at ${num(t.load_tokens_per_s, 0)} tokens/s`));
    assert.equal(shown['spot.overhead_fraction'], undefined, 'no spot figures for on-demand');
  }
  await shot('13-serving.png');

  // Both a token target and a request rate: the API names the field, the page marks that input.
  await page.fill('[name="workload.requests_per_s"]', '5');
  const bad = await submitRecommend();
  assert.equal(bad.status, 422);
  const error = bad.body.errors.find((e) => e.field === 'workload.requests_per_s');
  assert.ok(error, JSON.stringify(bad.body));
  assert.equal(await page.getAttribute('[name="workload.requests_per_s"]', 'aria-invalid'), 'true');
  const message = await page.textContent('label:has([name="workload.requests_per_s"]) .field-error');
  assert.equal(message, error.message);
  await page.fill('[name="workload.requests_per_s"]', '');

  // "Custom" gives the parameter count back.
  await page.selectOption('#model-select', '');
  assert.equal(await page.isDisabled('[name="workload.model_params_b"]'), false);
  assert.equal(await page.inputValue('[name="workload.model_params_b"]'), '13', 'the custom count is restored');
});

await check('export: each format asked with the recommendation\'s request, copied, shown; copy refusal handled', async () => {
  const origin = new URL(BASE).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  // An AWS pick, which every format covers.
  const answer = spotAnswer.body;
  await page.selectOption('#model-select', 'llama-2-70b');
  await setKind('training');
  await page.fill('[name="workload.tokens_b"]', '2000');
  await page.check('[name="constraints.providers"][value="aws"]');
  const job = await submitRecommend();
  assert.equal(job.status, 200, JSON.stringify(job.body));
  const r = job.body.recommendations[0];
  assert.equal(r.provider, 'aws');
  assert.ok(answer.recommendations.length > 0);
  const starts = { skypilot: /^name: /, terraform: /^terraform \{/, kubernetes: /^apiVersion: / };
  const bar = `#ranking tbody.rec[data-rank="1"] .export`;
  await page.waitForSelector(`${bar} button[data-format]`);
  assert.deepEqual(await page.$$eval(`${bar} button[data-format]`, (els) => els.map((e) => e.dataset.format)), r.export.formats);
  for (const format of r.export.formats) {
    const [response] = await Promise.all([
      page.waitForResponse((x) => x.url().endsWith('/v1/export')),
      page.click(`${bar} button[data-format="${format}"]`),
    ]);
    assert.equal(response.status(), 200, format);
    assert.deepEqual(JSON.parse(response.request().postData()), { ...r.export.body, format });
    const text = await response.text();
    const firstLine = text.split('\n').find((l) => l && !l.startsWith('#'));
    assert.match(firstLine, starts[format], `${format} starts like ${format}`);
    await page.waitForFunction(([sel, f]) => document.querySelector(`${sel} pre`).dataset.format === f
      && document.querySelector(`${sel} .export-status`).dataset.copied !== undefined, [bar, format]);
    assert.equal(await page.textContent(`${bar} pre`), text, 'the text is shown');
    assert.equal(await page.getAttribute(`${bar} .export-status`, 'data-copied'), 'true');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text, `${format} is on the clipboard`);
  }

  // The clipboard refused: the text is shown and selected for the user to copy.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  const [response] = await Promise.all([
    page.waitForResponse((x) => x.url().endsWith('/v1/export')),
    page.click(`${bar} button[data-format="skypilot"]`),
  ]);
  const text = await response.text();
  await page.waitForSelector(`${bar} .export-status[data-copied="false"]`);
  assert.match(await page.textContent(`${bar} .export-status`), /Could not copy \(Write permission denied\.\)/);
  assert.equal(await page.textContent(`${bar} pre`), text);
  // A selection's text leaves out the final line break.
  assert.equal((await page.evaluate(() => window.getSelection().toString())).trimEnd(), text.trimEnd(), 'the whole text is selected');
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('export-text')), true);

  // A refused export shows the service's reason.
  await page.route((url) => url.pathname.endsWith('/v1/export'), (route) => route.fulfill({
    status: 422, contentType: 'application/problem+json',
    body: JSON.stringify({ type: 'urn:gpurec:problem:invalid-request', title: 'Invalid request', status: 422,
      detail: 'The export request has invalid fields.', errors: [{ field: 'format', message: 'no such exporter here' }] }),
  }));
  try {
    await page.click(`${bar} button[data-format="terraform"]`);
    await page.waitForSelector(`${bar} .export-status.err`);
    assert.match(await page.textContent(`${bar} .export-status`), /Export failed: Invalid request: no such exporter here/);
    assert.equal(await page.isHidden(`${bar} pre`), true);
  } finally {
    await page.unroute((url) => url.pathname.endsWith('/v1/export'));
  }
  await context.clearPermissions();
  await page.uncheck('[name="constraints.providers"][value="aws"]');
});

await check('alternatives: description, pick, saving and break-even shown; Try it applies the delta and asks again', async () => {
  /* The daemon's answer, with alternatives added (or taken away) on its way to the page. */
  let alternatives = null;
  const sent = [];
  const handler = async (route) => {
    sent.push(route.request().postDataJSON());
    const real = await route.fetch();
    const answer = await real.json();
    if (alternatives === undefined) delete answer.alternatives;
    else answer.alternatives = alternatives(answer);
    await route.fulfill({ response: real, body: JSON.stringify(answer) });
  };
  const matcher = (url) => url.pathname.endsWith('/v1/recommend');
  await page.route(matcher, handler);
  try {
    await page.selectOption('#model-select', '');
    await page.fill('[name="workload.model_params_b"]', '7');
    await page.fill('[name="workload.tokens_b"]', '20');
    await page.fill('[name="workload.deadline_hours"]', '');
    await page.uncheck('[name="workload.checkpointing"]');
    await page.uncheck('[name="constraints.pricing"][value="spot"]');
    await page.check('[name="constraints.pricing"][value="on_demand"]');
    alternatives = (answer) => {
      const top = answer.recommendations[0];
      const pick = (pricing, factor, hoursFactor) => ({ provider: top.provider, instance_type: top.instance_type,
        region: top.region, pricing, nodes: top.nodes, gpus_total: top.plan.total_gpus,
        hourly_usd: top.hourly_usd * factor, estimated_hours: top.estimated_hours * hoursFactor,
        estimated_total_usd: top.estimated_total_usd * factor * hoursFactor });
      const alt = (change, description, delta, rec, extra) => ({ change, description, request_delta: delta, recommendation: rec,
        saving_usd: top.estimated_total_usd - rec.estimated_total_usd,
        saving_fraction: (top.estimated_total_usd - rec.estimated_total_usd) / top.estimated_total_usd, ...extra });
      return [
        alt('spot', 'Spot with checkpoints: cheaper, interruptions included', { workload: { checkpointing: true },
          constraints: { pricing: ['spot'] } }, pick('spot', 0.4, 1.1)),
        alt('commitment', 'A 1-year reservation costs more for a job this short', { constraints: { pricing: ['reserved_1y'] } },
          pick('reserved_1y', 2.5, 1), { break_even_hours: 3212.5 }),
        alt('precision', 'FP8 on GPUs that run it', { workload: { precision: 'fp8' },
          constraints: { gpu_models: ['h100-sxm-80gb', 'h200-sxm-141gb'] } }, pick('on_demand', 0.7, 0.8)),
      ];
    };
    const first = await submitRecommend();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const alts = first.body.alternatives;
    await page.waitForSelector('#alternatives-panel:not([hidden]) li.alternative');
    const items = await page.$$eval('#alternatives li.alternative', (els) => els.map((e) => ({ change: e.dataset.change, text: e.textContent })));
    assert.deepEqual(items.map((i) => i.change), alts.map((a) => a.change));
    items.forEach((item, i) => {
      const a = alts[i];
      assert.ok(item.text.includes(a.description), a.description);
      assert.ok(item.text.includes(a.recommendation.instance_type) && item.text.includes(a.recommendation.region));
      assert.ok(item.text.includes(`${usd(a.recommendation.hourly_usd)}/h`), `${a.change} hourly`);
      assert.ok(item.text.includes(usd(a.recommendation.estimated_total_usd)), `${a.change} total`);
      const saving = `${usd(Math.abs(a.saving_usd))} (${num(Math.abs(a.saving_fraction) * 100, 1)} %)`;
      assert.ok(item.text.includes(a.saving_usd > 0 ? `Saves ${saving}` : `Costs ${saving} more`), `${a.change}: ${item.text}`);
      if (a.break_even_hours) assert.ok(item.text.includes(`Pays off after ${num(a.break_even_hours, 0)} h`), item.text);
      else assert.ok(!item.text.includes('Pays off'));
    });
    assert.ok(alts.some((a) => a.saving_usd < 0) && alts.some((a) => a.saving_usd > 0), 'both signs covered');
    await shot('14-alternatives.png');

    // Try the spot one: the form changes as the delta says, and the page asks again; no alternatives, no panel.
    alternatives = undefined;
    await Promise.all([
      page.waitForResponse((x) => x.url().endsWith('/v1/recommend')),
      page.click('#alternatives li[data-change="spot"] button[data-action="try"]'),
    ]);
    const spot = sent[sent.length - 1];
    assert.deepEqual(spot.constraints.pricing, ['spot']);
    assert.equal(spot.workload.checkpointing, true);
    assert.equal(spot.workload.model_params_b, 7, 'the rest of the request stays');
    assert.equal(await page.isChecked('[name="constraints.pricing"][value="spot"]'), true);
    assert.equal(await page.isChecked('[name="constraints.pricing"][value="on_demand"]'), false);
    assert.equal(await page.isChecked('[name="workload.checkpointing"]'), true);
    await page.waitForSelector('#alternatives-panel[hidden]', { state: 'attached' });

    // A delta naming a member the form has no control for: sent beside the form, said so, cleared on reset.
    alternatives = (answer) => [{ ...first.body.alternatives[2], recommendation: { ...first.body.alternatives[2].recommendation,
      instance_type: answer.recommendations[0].instance_type } }];
    await submitRecommend();
    await page.waitForSelector('#alternatives li[data-change="precision"]');
    alternatives = () => [];
    await Promise.all([
      page.waitForResponse((x) => x.url().endsWith('/v1/recommend')),
      page.click('#alternatives li[data-change="precision"] button[data-action="try"]'),
    ]);
    const precise = sent[sent.length - 1];
    assert.equal(precise.workload.precision, 'fp8');
    assert.deepEqual(precise.constraints.gpu_models, ['h100-sxm-80gb', 'h200-sxm-141gb']);
    assert.equal(await page.inputValue('[name="workload.precision"]'), 'fp8');
    assert.match(await page.textContent('#request-extras'), /constraints\.gpu_models = \["h100-sxm-80gb","h200-sxm-141gb"\]/);
    await page.waitForSelector('#alternatives-panel[hidden]', { state: 'attached' });
    assert.equal(await page.$$eval('#alternatives li', (els) => els.length), 0, 'an empty array renders nothing');
    await page.click('#recommend-form button[type="reset"]');
    assert.equal(await page.isHidden('#request-extras'), true);
    alternatives = undefined;
    const after = await submitRecommend();
    assert.equal(after.request.constraints.gpu_models, undefined, 'reset forgets it');
  } finally {
    await page.unroute(matcher, handler);
  }
});

await check('alternatives from the daemon itself: each shown, and Try it brings its pick first', async () => {
  await page.selectOption('#model-select', '');
  await page.fill('[name="workload.model_params_b"]', '7');
  await page.fill('[name="workload.tokens_b"]', '20');
  await page.fill('[name="workload.deadline_hours"]', '');
  await page.uncheck('[name="workload.checkpointing"]');
  await page.uncheck('[name="constraints.pricing"][value="spot"]');
  await page.check('[name="constraints.pricing"][value="on_demand"]');
  const first = await submitRecommend();
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const alts = first.body.alternatives;
  assert.ok(alts.length >= 2, `the daemon offers alternatives: ${JSON.stringify(alts)}`);
  assert.ok(alts.some((a) => a.change === 'spot'), 'a job kept off spot is offered spot with checkpoints');
  await page.waitForSelector('#alternatives-panel:not([hidden]) li.alternative');
  const items = await page.$$eval('#alternatives li.alternative', (els) => els.map((e) => ({ change: e.dataset.change, text: e.textContent })));
  assert.deepEqual(items.map((i) => i.change), alts.map((a) => a.change));
  items.forEach((item, i) => {
    assert.ok(item.text.includes(alts[i].description), alts[i].description);
    assert.ok(item.text.includes(alts[i].recommendation.instance_type), `${alts[i].change}: ${item.text}`);
  });
  const spot = alts.find((a) => a.change === 'spot');
  const [response] = await Promise.all([
    page.waitForResponse((x) => x.url().endsWith('/v1/recommend')),
    page.click('#alternatives li[data-change="spot"] button[data-action="try"]'),
  ]);
  const again = await response.json();
  const top = again.recommendations[0];
  for (const key of ['provider', 'instance_type', 'region', 'pricing', 'nodes'])
    assert.equal(top[key], spot.recommendation[key], `Try it: ${key} of the first pick is the alternative's`);
  await page.uncheck('[name="constraints.pricing"][value="spot"]');
  await page.uncheck('[name="workload.checkpointing"]');
});

await check('hints: what to relax shown first when nothing fits', async () => {
  await setKind('training');
  await page.selectOption('#model-select', 'llama-2-70b');
  await page.fill('[name="workload.tokens_b"]', '2000');
  await page.fill('[name="workload.deadline_hours"]', '10');
  const none = await submitRecommend();
  assert.equal(none.status, 200, JSON.stringify(none.body));
  assert.equal(none.body.recommendations.length, 0);
  assert.ok(none.body.hints.length > 0, 'the service says what to relax');
  assert.ok(none.body.hints.some((h) => h.includes('workload.deadline_hours')));
  await page.waitForSelector('#hints-panel.none:not([hidden])');
  assert.deepEqual(await page.$$eval('#hints li', (els) => els.map((e) => e.textContent)), none.body.hints);
  assert.match(await page.textContent('#hints-title'), /Nothing fits/);
  const first = await page.evaluate(() => {
    const visible = [...document.querySelectorAll('#recommend-output > .panel')].filter((p) => !p.hidden);
    return visible[0] && visible[0].id;
  });
  assert.equal(first, 'hints-panel', 'the hints lead the answer');
  await shot('15-hints.png');
});

await check('warnings for the whole answer shown once, above the picks', async () => {
  await page.click('#recommend-form button[type="reset"]');
  await setKind('inference');
  await page.fill('[name="workload.model_params_b"]', '7');
  const answer = await submitRecommend();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.warnings.some((w) => w.includes('workload.architecture')), 'a params-only model is sized as MHA');
  await page.waitForSelector('#answer-warnings-panel:not([hidden])');
  assert.deepEqual(await page.$$eval('#answer-warnings li', (els) => els.map((e) => e.textContent)), answer.body.warnings);
  await page.fill('[name="workload.model_params_b"]', '');
});

await check('chart axes follow the workload: memory bandwidth without serving figures, peak compute for HPC', async () => {
  // Memory-bound serving sized by memory alone: no throughput figures, so bandwidth.
  await page.click('#recommend-form button[type="reset"]');
  await setKind('inference');
  await page.selectOption('[name="workload.precision"]', 'fp16');
  await page.fill('[name="workload.model_params_b"]', '');
  await page.fill('[name="workload.min_gpu_memory_gb"]', '40');
  const bw = await submitRecommend();
  assert.equal(bw.status, 200, JSON.stringify(bw.body));
  assert.equal(bw.request.workload.model_params_b, undefined);
  assert.equal(bw.body.requirements.bound, 'memory_bandwidth');
  assert.ok(bw.body.recommendations.every((r) => r.throughput === null));
  await page.waitForSelector('#chart[data-mode="bandwidth"] #chart-svg');
  const byId = new Map(gpus.map((g) => [g.id, g]));
  let points = await chartPoints();
  assert.equal(points.length, bw.body.recommendations.length);
  for (const r of bw.body.recommendations) {
    const p = points.find((q) => q.rank === r.rank);
    const expected = byId.get(r.gpu.id).memory_bandwidth_gb_per_s * r.gpu_count * r.nodes;
    assert.ok(close(p.x, expected), `rank ${r.rank}: x ${p.x} = ${expected} GB/s`);
    assert.ok(close(p.y, r.hourly_usd), `rank ${r.rank}: y ${p.y} = ${r.hourly_usd} USD/h`);
  }
  assertMonotonic(points);
  let titles = await axisTitles();
  assert.match(titles.x, /^Memory bandwidth \(GB\/s, all GPUs\)/);
  assert.match(titles.y, /^Price per hour \(USD\)/);
  await page.locator('#chart').screenshot({ path: path.join(SHOTS, '16-chart-bandwidth.png') });

  // Compute-bound HPC: effective peak at the precision (FP64 takes the better of vector and tensor).
  await page.fill('[name="workload.min_gpu_memory_gb"]', '');
  await setKind('hpc');
  await page.fill('[name="workload.model_params_b"]', '7');
  await page.selectOption('[name="workload.precision"]', 'fp64');
  const hpc = await submitRecommend();
  assert.equal(hpc.status, 200, JSON.stringify(hpc.body));
  assert.equal(hpc.body.requirements.bound, 'compute');
  await page.waitForSelector('#chart[data-mode="peak"] #chart-svg');
  points = await chartPoints();
  const metric = hpc.body.requirements.peak_metric;
  const expected = hpc.body.recommendations.map((r) => {
    const gpu = byId.get(r.gpu.id);
    const fields = metric === 'fp64_tflops' || metric === 'fp64_tensor_tflops' ? PEAK_FIELDS.fp64 : [metric];
    const peak = Math.max(...fields.map((f) => gpu[f]).filter((v) => typeof v === 'number'));
    return { rank: r.rank, x: peak * r.gpu_count * r.nodes, y: r.hourly_usd };
  }).filter((p) => Number.isFinite(p.x) && p.x > 0);
  assert.ok(expected.length > 0);
  assert.equal(points.length, expected.length, 'every offer with a figure is plotted');
  for (const e of expected) {
    const p = points.find((q) => q.rank === e.rank);
    assert.ok(p && Math.abs(p.x - e.x) < 1e-6 * e.x, `rank ${e.rank}: x ${p && p.x} = ${e.x} TFLOPS`);
    assert.ok(close(p.y, e.y));
  }
  assertMonotonic(points);
  titles = await axisTitles();
  assert.match(titles.x, /^Effective peak TFLOPS at FP64/);
  assert.match(titles.y, /^Price per hour \(USD\)/);
  await page.click('#recommend-form button[type="reset"]');
});

await check('benchmark: selector filled from /v1/benchmarks; an HPL job shows its rate, hours and $ per unit of work', async () => {
  await setKind('hpc');
  await page.waitForSelector('#benchmark-select option[value="hpl"]', { state: 'attached' });
  await page.selectOption('#benchmark-select', 'hpl');
  assert.match(await page.textContent('#work-unit'), /TFLOP/);
  await page.fill('[name="workload.model_params_b"]', '');
  await page.fill('[name="workload.work"]', '100000000');
  const job = await submitRecommend();
  assert.equal(job.status, 200, JSON.stringify(job.body));
  const w = job.request.workload;
  assert.deepEqual([w.benchmark, w.work, w.precision], ['hpl', 100000000, undefined], 'the suite sets the precision');
  await page.waitForSelector('#ranking tbody.rec[data-rank="1"] [data-key="work.usd_per_price_unit"]');
  const r = job.body.recommendations[0];
  const shown = await facts(1);
  assert.ok(shown['work.usd_per_price_unit'].startsWith(usdFine(r.work.usd_per_price_unit)), shown['work.usd_per_price_unit']);
  assert.ok(shown['work.hours'].startsWith(`${num(r.work.hours, 2)} h`), shown['work.hours']);
  assert.ok(shown['work.rate_per_s'].includes(r.work.rate_is), shown['work.rate_per_s']);
  await shot('17-benchmark-work.png');
  await page.click('#recommend-form button[type="reset"]');
});

await check('catalog: GPUs sortable, instances filtered and sorted by the API', async () => {
  await page.click('#tab-catalog');
  await page.waitForSelector('#instances-table tbody tr[data-provider]');
  const gpuRows = await page.$$eval('#gpus-table tbody tr', (els) => els.map((e) => e.dataset.gpu));
  assert.deepEqual(gpuRows.slice().sort(), gpus.map((g) => g.id).sort());
  await page.click('#gpus-table th:nth-child(2) button'); // memory, largest first
  const memoryOrder = await page.$$eval('#gpus-table tbody tr', (els) => els.map((e) => e.dataset.gpu));
  const byId = new Map(gpus.map((g) => [g.id, g]));
  for (let i = 1; i < memoryOrder.length; i++) {
    assert.ok(byId.get(memoryOrder[i - 1]).memory_gb >= byId.get(memoryOrder[i]).memory_gb, 'sorted by memory');
  }
  assert.equal(await page.getAttribute('#gpus-table th:nth-child(2)', 'aria-sort'), 'descending');

  const provider = (await page.$$eval('#filter-provider option', (els) => els.map((e) => e.value))).find(Boolean);
  await page.selectOption('#filter-provider', provider);
  await page.selectOption('[name="sort"]', 'usd_per_tflops');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/instances?') && r.url().includes('sort=usd_per_tflops')),
    page.click('#instances-submit'),
  ]);
  const url = new URL(response.url());
  assert.equal(url.searchParams.get('provider'), provider);
  const body = await response.json();
  assert.equal(response.status(), 200, JSON.stringify(body));
  await page.waitForFunction((n) => document.querySelectorAll('#instances-table tbody tr[data-provider]').length === n,
    body.items.length);
  const shown = await page.$$eval('#instances-table tbody tr[data-provider]', (els) => els.map((e) => ({
    provider: e.dataset.provider, instance: e.dataset.instance, region: e.dataset.region })));
  assert.ok(shown.length > 0);
  assert.ok(shown.every((s) => s.provider === provider), 'only the chosen provider');
  assert.deepEqual(shown.map((s) => `${s.instance}@${s.region}`), body.items.map((i) => `${i.instance_type}@${i.region}`),
    'in the order the API sorted them');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('08-catalog.png', { fullPage: false });
  await page.locator('#gpus-table').screenshot({ path: path.join(SHOTS, '08-catalog-gpus.png') });

  await page.fill('[name="max_hourly_usd"]', '-3');
  const [badResponse] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/instances?')),
    page.click('#instances-submit'),
  ]);
  assert.ok(badResponse.status() >= 400 && badResponse.status() < 500);
  const problem = await badResponse.json();
  await page.waitForSelector('#instances-problem:not([hidden])');
  const text = await page.textContent('#instances-problem');
  assert.ok(text.includes(problem.title));
  for (const e of problem.errors || []) assert.ok(text.includes(e.message), e.message);
  await page.fill('[name="max_hourly_usd"]', '');
});

await check('keyboard: tabs with arrow keys, form submitted with Enter', async () => {
  await page.focus('#tab-catalog');
  await page.keyboard.press('ArrowRight'); // wraps to Recommend
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-recommend');
  assert.equal(await page.isVisible('#view-recommend'), true);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-estimate');
  await page.keyboard.press('ArrowLeft');
  await page.fill('[name="constraints.max_hourly_usd"]', '');
  await page.focus('[name="workload.model_params_b"]');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/recommend')),
    page.keyboard.press('Enter'),
  ]);
  assert.equal(response.status(), 200);
  await page.waitForSelector('#ranking tbody.rec');
  // Every control a mouse can use is reachable: recommended chart points are in the tab order.
  const focusable = await page.$$eval('#chart-svg circle.recommended', (els) => els.every((e) => e.getAttribute('tabindex') === '0'));
  assert.ok(focusable);
});

await check('laptop screen and print layout', async () => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling at 1366 px (${overflow} px over)`);
  await shot('09-laptop.png', { fullPage: false });
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.isVisible('#recommend-form'), false, 'the form is not printed');
  assert.equal(await page.isVisible('#ranking'), true, 'the table is printed');
  assert.equal(await page.isVisible('#chart-svg'), true, 'the chart is printed');
  await shot('10-print.png');
  await page.pdf({ path: path.join(SHOTS, 'print.pdf'), format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
});

/* A gateway that serves the daemon under /gpus/ (strips the prefix): the page must work there unchanged. */
await check('behind a gateway under a path prefix', async () => {
  const upstream = new URL(BASE);
  const gateway = http.createServer((req, res) => {
    if (!req.url.startsWith('/gpus/')) {
      res.writeHead(404).end('not under the prefix');
      return;
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method,
      path: req.url.slice('/gpus'.length), headers: req.headers }, (up) => {
      res.writeHead(up.statusCode, up.headers);
      up.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const prefixed = `http://127.0.0.1:${gateway.address().port}/gpus/`;
  const gatewayPage = await context.newPage();
  const misses = [];
  gatewayPage.on('response', (r) => { if (r.status() === 404) misses.push(r.url()); });
  try {
    await gatewayPage.goto(prefixed);
    assert.equal(new URL(gatewayPage.url()).pathname, '/gpus/ui/');
    await gatewayPage.waitForSelector('body[data-ready="true"]');
    await gatewayPage.fill('[name="workload.model_params_b"]', '7');
    const [response] = await Promise.all([
      gatewayPage.waitForResponse((r) => r.url().endsWith('/v1/recommend')),
      gatewayPage.click('#recommend-submit'),
    ]);
    assert.equal(new URL(response.url()).pathname, '/gpus/v1/recommend');
    assert.equal(response.status(), 200);
    await gatewayPage.waitForSelector('#chart-svg circle.point');
    assert.deepEqual(misses, [], 'every asset and API call found under the prefix');
    await gatewayPage.screenshot({ path: path.join(SHOTS, '11-gateway-prefix.png') });
  } finally {
    await gatewayPage.close();
    gateway.close();
  }
});

await check('no script errors and nothing fetched from elsewhere', async () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(outsideRequests, []);
});

await context.close();
rmSync(userDataDir, { recursive: true, force: true });
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`screenshots in ${SHOTS}`);
console.log(`ui: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
