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

await check('chart: one point per fitting offer at effective TFLOPS, recommendations highlighted, legend', async () => {
  const { body } = fitted;
  const recs = body.recommendations;
  const points = await page.$$eval('#chart-svg circle.point', (els) => els.map((e) => ({
    rank: Number(e.dataset.rank), provider: e.dataset.provider, x: Number(e.dataset.x), y: Number(e.dataset.y),
    cx: Number(e.getAttribute('cx')), cy: Number(e.getAttribute('cy')), recommended: e.dataset.recommended === 'true',
    fill: e.getAttribute('fill') })));
  const byId = new Map(gpus.map((g) => [g.id, g]));
  const metric = body.requirements.peak_metric;
  const expected = recs.map((r) => {
    const gpu = byId.get(r.gpu.id);
    const fields = metric && typeof gpu[metric] === 'number' ? [metric] : PEAK_FIELDS.fp16;
    const peak = Math.max(...fields.map((f) => gpu[f]).filter((v) => typeof v === 'number'));
    return { rank: r.rank, x: peak * r.gpu_count * (r.nodes || 1), y: r.hourly_usd };
  }).filter((p) => Number.isFinite(p.x) && p.x > 0);
  assert.equal(points.length, expected.length, 'every offer that fits is plotted');
  for (const e of expected) {
    const p = points.find((q) => q.rank === e.rank);
    assert.ok(p, `rank ${e.rank} plotted`);
    assert.ok(Math.abs(p.x - e.x) < 1e-6 * e.x, `rank ${e.rank}: x ${p.x} = ${e.x} TFLOPS`);
    assert.ok(Math.abs(p.y - e.y) < 1e-9 + 1e-9 * e.y, `rank ${e.rank}: y ${p.y} = ${e.y} USD/h`);
    assert.equal(p.recommended, e.rank <= 5);
  }
  assert.equal(points.filter((p) => p.recommended).length, Math.min(5, expected.length));
  // The scales are monotonic: more TFLOPS is further right, a higher price is higher up.
  for (const a of points) {
    for (const b of points) {
      if (a.x < b.x) assert.ok(a.cx <= b.cx, 'x scale is monotonic');
      if (a.y < b.y) assert.ok(a.cy >= b.cy, 'y scale is monotonic');
    }
  }
  const providers = [...new Set(points.map((p) => p.provider))].sort();
  const legend = await page.$$eval('#chart-legend [data-provider]', (els) => els.map((e) => e.dataset.provider));
  assert.deepEqual(legend.sort(), providers);
  for (const id of providers) {
    assert.equal(new Set(points.filter((p) => p.provider === id).map((p) => p.fill)).size, 1, `${id} has one colour`);
  }
  if (providers.length > 1) {
    assert.notEqual(points.find((p) => p.provider === providers[0]).fill, points.find((p) => p.provider === providers[1]).fill);
  }
  assert.match(await page.textContent('#chart-svg'), /Effective peak TFLOPS at FP16/);
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
