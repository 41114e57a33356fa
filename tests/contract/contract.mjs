// The contract test: drives the real daemon through every operation of openapi.yaml, valid and invalid, and checks
// each answer's status, content type, headers and body against the spec. Also checks that the spec's request schemas
// accept what the server accepts and refuse what it refuses, that the spec and the route table list the same
// endpoints, and the /metrics families; lints the spec with Redocly first and checks /metrics with promtool last.
// Usage: node contract.mjs BINARY
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Spec } from './lib/spec.mjs';
import { migrate, repoRoot, start, stop, tempDir, WAIT_MS } from './lib/daemon.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node contract.mjs BINARY');
  process.exit(2);
}

const spec = new Spec(join(repoRoot, 'openapi.yaml'));
const ADMIN_TOKEN = 'contract-admin-token-0123456789';
const ALLOWED_ORIGIN = 'https://portal.example.test';
const MAX_BODY = 65536;
const results = { passed: 0, failed: 0 };
const exercised = new Set(); // "GET /v1/gpus 200"
const exercisedOps = new Set(); // "GET /v1/gpus"

function pass() {
  results.passed++;
}

function fail(name, problems) {
  results.failed++;
  console.log(`FAIL ${name}`);
  for (const p of [].concat(problems)) console.log(`     ${p}`);
}

// ---- requests -------------------------------------------------------------------------------------------------------

let base = '';

async function send(method, path, { headers = {}, body, json, redirect = 'manual' } = {}) {
  const init = { method, headers: { ...headers }, redirect, signal: AbortSignal.timeout(WAIT_MS) };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['Content-Type'] ??= 'application/json';
  } else if (body !== undefined) {
    init.body = body;
  }
  const response = await fetch(base + path, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, method };
}

// Raw requests for what fetch will not send: a declared Content-Length larger than the limit, or a chunked body.
function sendRaw(method, path, { headers = {}, chunks = [], holdBody = false }) {
  return new Promise((resolveAnswer, rejectAnswer) => {
    const url = new URL(base + path);
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (d) => (text += d));
        response.on('end', () => {
          resolveAnswer({ status: response.statusCode, headers: new Headers(response.headers), text, method });
          request.destroy();
        });
      });
    request.on('error', (error) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') rejectAnswer(error);
    });
    request.setTimeout(WAIT_MS, () => request.destroy(new Error('timed out')));
    if (holdBody) {
      request.flushHeaders();
      return;
    }
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

// ---- checks ---------------------------------------------------------------------------------------------------------

// Whether the spec's parameters accept this query string (strings, or numbers where the schema wants them).
function queryProblems(template, op, path) {
  const problems = [];
  const params = spec.parameters(template, op).filter((p) => p.in === 'query');
  const query = new URL('http://x' + path).searchParams;
  for (const [name, value] of query) {
    const param = params.find((p) => p.name === name);
    if (!param) {
      problems.push(`query parameter ${name} is not in the spec`);
      continue;
    }
    const asString = spec.check(param.schema, value);
    const numeric = /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(value);
    if (asString.length && !(numeric && spec.check(param.schema, Number(value)).length === 0))
      problems.push(`query parameter ${name}=${value}: ${asString[0]}`);
  }
  return problems;
}

function requestBodyProblems(op, value) {
  const content = op.requestBody && spec.resolve(op.requestBody).content?.['application/json'];
  if (!content) return ['the operation has no application/json request body in the spec'];
  return spec.check(content.schema, value);
}

// The response object the spec gives for this answer, or a reason there is none.
function documentedResponse(method, path, status) {
  if (status === 405) return { response: spec.doc.components.responses.MethodNotAllowed, key: 'any 405' };
  const lookup = spec.operation(method === 'HEAD' ? 'GET' : method, path.split('?')[0]);
  if (!lookup) {
    if (status === 404 && !spec.template(path.split('?')[0]))
      return { response: spec.doc.components.responses.NotFound, key: 'unmatched 404' };
    return { error: `no operation ${method} ${path.split('?')[0]} in the spec` };
  }
  const response = lookup.op.responses[String(status)] ?? lookup.op.responses.default;
  if (!response) return { error: `status ${status} is not documented for ${lookup.key}`, lookup };
  return { response, lookup, key: `${lookup.key} ${status}` };
}

/*
 * One case: sends the request, then checks
 *  - the status is the expected one (a number, or an array of acceptable ones),
 *  - the answer matches the spec's response for that operation and status (headers, content type, body),
 *  - X-Request-Id is present,
 *  - the request itself is described correctly by the spec: a request the server accepts (2xx) must be valid for the
 *    spec's query parameters and body schema; one the server refuses with 400/422 must be invalid for them, unless
 *    the refusal depends on the catalog's content (specValid: true) or the case says otherwise (specCheck: false).
 * Returns the answer for further checks.
 */
async function expect(name, method, path, expected, options = {}) {
  let answer;
  try {
    answer = options.raw ? await sendRaw(method, path, options.raw) : await send(method, path, options);
  } catch (error) {
    fail(name, `request failed: ${error.message}`);
    return undefined;
  }
  const problems = [];
  const statuses = [].concat(expected);
  if (!statuses.includes(answer.status))
    problems.push(`status ${answer.status}, expected ${statuses.join(' or ')}: ${answer.text.slice(0, 300)}`);
  const documented = documentedResponse(method, path, answer.status);
  if (documented.error) problems.push(documented.error);
  else problems.push(...spec.checkResponse(documented.response, answer));
  if (!answer.headers.get('x-request-id')) problems.push('no X-Request-Id header');
  if (documented.lookup) {
    exercised.add(`${documented.lookup.key} ${answer.status}`);
    exercisedOps.add(documented.lookup.key);
    if (method === 'HEAD') exercised.add(`HEAD ${documented.lookup.template}`);
  }
  if (documented.lookup && options.specCheck !== false && !options.raw) {
    const { op, template } = documented.lookup;
    const inputProblems = [...queryProblems(template, op, path)];
    if (options.json !== undefined) inputProblems.push(...requestBodyProblems(op, options.json));
    if (answer.status >= 200 && answer.status < 300 && inputProblems.length)
      problems.push(`the server accepted a request the spec refuses: ${inputProblems.join('; ')}`);
    // A body that is not JSON at all is the HTTP layer's to refuse; the schemas cannot judge it.
    const judged = options.body === undefined || options.json !== undefined;
    if ([400, 422].includes(answer.status) && judged && !options.specValid && inputProblems.length === 0)
      problems.push('the server refused a request the spec accepts (tighten the spec or mark the case)');
  }
  if (options.check) {
    try {
      const extra = options.check(answer);
      if (extra) problems.push(...[].concat(extra));
    } catch (error) {
      problems.push(`check threw: ${error.message}`);
    }
  }
  if (problems.length) fail(name, problems);
  else pass();
  return answer;
}

function jsonOf(answer) {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

function fieldsNamed(answer, ...fields) {
  const body = jsonOf(answer);
  const named = (body?.errors ?? []).map((e) => e.field);
  const missing = fields.filter((f) => !named.includes(f));
  return missing.length ? `errors[] does not name ${missing.join(', ')} (it names ${named.join(', ')})` : undefined;
}

function problemType(answer, slug) {
  const type = jsonOf(answer)?.type;
  return type === `urn:gpurec:problem:${slug}` ? undefined : `problem type ${type}, expected ${slug}`;
}

// ---- a price feed for the refresh worker ----------------------------------------------------------------------------

function startFeed() {
  const feed = {
    prices: [
      { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-east-1', pricing_model: 'on_demand',
        hourly: 24.48, currency: 'USD', effective_at: '2025-07-01T00:00:00Z' },
      { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-west-1', pricing_model: 'on_demand',
        hourly: '24.16', currency: 'USD', effective_at: '2025-07-01T00:00:00Z' },
    ],
  };
  const server = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(feed));
  });
  return new Promise((resolveFeed) => server.listen(0, '127.0.0.1', () => resolveFeed(server)));
}

async function waitFor(what, condition, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(what, `not reached within ${timeoutMs} ms`);
  return false;
}

// ---- the cases ------------------------------------------------------------------------------------------------------

async function operationsCases() {
  await expect('healthz', 'GET', '/healthz', 200);
  await expect('healthz HEAD has no body', 'HEAD', '/healthz', 200,
    { check: (a) => (a.text === '' ? undefined : 'HEAD answered a body') });
  await expect('readyz', 'GET', '/readyz', 200);
  await expect('metrics', 'GET', '/metrics', 200);
}

async function benchmarkCases() {
  const all = await expect('benchmarks: all', 'GET', '/v1/benchmarks?limit=500', 200);
  const items = jsonOf(all)?.items ?? [];
  if (items.length < 20) fail('benchmarks: catalog', `only ${items.length} measurements`);
  for (const b of items.slice(0, 6))
    await expect(`benchmark ${b.id}`, 'GET', `/v1/benchmarks/${encodeURIComponent(b.id)}`, 200);
  await expect('benchmarks: suite and gpu', 'GET', '/v1/benchmarks?suite=mlperf-inference&gpu=l4,t4', 200, {
    check: (a) => ((jsonOf(a)?.items ?? []).every((b) => b.suite === 'mlperf-inference' && ['l4', 't4'].includes(b.gpu.id))
      && jsonOf(a)?.items?.length > 0 ? undefined : 'an item outside the filters'),
  });
  const first = await expect('benchmarks: page 1', 'GET', '/v1/benchmarks?limit=3', 200);
  const cursor = jsonOf(first)?.next_cursor;
  if (cursor) await expect('benchmarks: page 2', 'GET', `/v1/benchmarks?limit=3&cursor=${encodeURIComponent(cursor)}`, 200);
  await expect('benchmarks: unknown parameter', 'GET', '/v1/benchmarks?scene=monster', 400,
    { check: (a) => fieldsNamed(a, 'scene') });
  const one = await expect('benchmark: for its ETag', 'GET', '/v1/benchmarks/hpl--mi250x', 200);
  await expect('benchmark: If-None-Match', 'GET', '/v1/benchmarks/hpl--mi250x', 304,
    { headers: { 'If-None-Match': one?.headers.get('etag') } });
  await expect('benchmarks: If-None-Match', 'GET', '/v1/benchmarks', 304,
    { headers: { 'If-None-Match': one?.headers.get('etag') } });
  await expect('benchmark: unknown', 'GET', '/v1/benchmarks/resnet50-offline--nope', 404,
    { check: (a) => problemType(a, 'not-found') });
}

async function modelCases() {
  const all = await expect('models: all', 'GET', '/v1/models?limit=500', 200);
  const models = jsonOf(all)?.items ?? [];
  if (models.length < 30) fail('models: catalog', `only ${models.length} models`);
  for (const model of models.slice(0, 8))
    await expect(`model ${model.id}`, 'GET', `/v1/models/${encodeURIComponent(model.id)}`, 200);
  await expect('models: moe filter', 'GET', '/v1/models?moe=true', 200, {
    check: (a) => ((jsonOf(a)?.items ?? []).every((m) => m.moe) && jsonOf(a)?.items?.length > 0 ? undefined
      : 'a dense model in a moe=true page'),
  });
  await expect('models: family and size', 'GET', '/v1/models?family=llama,qwen&min_params_b=7&max_params_b=80', 200);
  const first = await expect('models: page 1', 'GET', '/v1/models?limit=3', 200);
  const cursor = jsonOf(first)?.next_cursor;
  if (cursor) await expect('models: page 2', 'GET', `/v1/models?limit=3&cursor=${encodeURIComponent(cursor)}`, 200);
  await expect('models: bad moe', 'GET', '/v1/models?moe=maybe', 400, { check: (a) => fieldsNamed(a, 'moe') });
  await expect('models: min over max', 'GET', '/v1/models?min_params_b=80&max_params_b=7', 400,
    { specValid: true, check: (a) => fieldsNamed(a, 'min_params_b') });
  const one = await expect('model: for its ETag', 'GET', '/v1/models/llama-3.1-8b', 200);
  await expect('model: If-None-Match', 'GET', '/v1/models/llama-3.1-8b', 304,
    { headers: { 'If-None-Match': one?.headers.get('etag') } });
  await expect('models: If-None-Match', 'GET', '/v1/models', 304,
    { headers: { 'If-None-Match': one?.headers.get('etag') } });
  await expect('models: unknown parameter', 'GET', '/v1/models?size=big', 400, { check: (a) => fieldsNamed(a, 'size') });
  await expect('model: unknown', 'GET', '/v1/models/llama-9', 404, { check: (a) => problemType(a, 'not-found') });
}

async function exportCases() {
  const rec = jsonOf(await expect('export: a pick to export', 'POST', '/v1/recommend', 200,
    { json: { workload: { kind: 'training', model: 'llama-2-7b', tokens_b: 10 }, limit: 1 } }))?.recommendations?.[0];
  if (!rec?.export?.body) { fail('export: link', 'no export member on a recommendation'); return; }
  for (const format of ['skypilot', 'terraform', 'kubernetes']) {
    const body = { ...rec.export.body, format };
    if (rec.provider === 'lambda' && format === 'terraform') continue; /* no official provider */
    await expect(`export: ${format}`, 'POST', '/v1/export', 200, { json: body });
  }
  await expect('export: the recommendation as returned', 'POST', '/v1/export', 200,
    { json: { recommendation: { ...rec }, format: 'kubernetes' }, specCheck: false });
  await expect('export: bad format', 'POST', '/v1/export', 422,
    { json: { ...rec.export.body, format: 'ansible' }, check: (a) => fieldsNamed(a, 'format') });
  await expect('export: unknown type', 'POST', '/v1/export', 422, { specValid: true,
    json: { recommendation: { provider: 'aws', instance_type: 'p9.huge', region: 'us-east-1' }, format: 'skypilot' },
    check: (a) => fieldsNamed(a, 'recommendation.instance_type') });
  await expect('export: no terraform for lambda', 'POST', '/v1/export', 422, { specValid: true,
    json: { recommendation: { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-east-1' },
      format: 'terraform' }, check: (a) => fieldsNamed(a, 'format') });
  await expect('export: not an object', 'POST', '/v1/export', 400, { json: [1] });
  await expect('export: no content type', 'POST', '/v1/export', 415, { body: new Blob(['{}']) });
  await expect('export: body too large', 'POST', '/v1/export', 413, {
    raw: { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: ['{"format": "', ' '.repeat(MAX_BODY + 10), '"}'] },
  });
}

async function gpuCases() {
  const all = await expect('gpus: all', 'GET', '/v1/gpus?limit=500', 200);
  const gpus = jsonOf(all)?.items ?? [];
  if (gpus.length < 5) fail('gpus: catalog', `only ${gpus.length} GPUs`);
  for (const gpu of gpus) await expect(`gpu ${gpu.id}`, 'GET', `/v1/gpus/${encodeURIComponent(gpu.id)}`, 200);

  const first = await expect('gpus: page 1', 'GET', '/v1/gpus?limit=2', 200,
    { check: (a) => (jsonOf(a)?.next_cursor ? undefined : 'no next_cursor on a partial page') });
  const cursor = jsonOf(first)?.next_cursor;
  if (cursor) await expect('gpus: page 2', 'GET', `/v1/gpus?limit=2&cursor=${encodeURIComponent(cursor)}`, 200);
  await expect('gpus: filters', 'GET', '/v1/gpus?vendor=nvidia,amd&min_memory_gb=40&precision=fp8', 200);
  await expect('gpus: pretty', 'GET', '/v1/gpus?limit=1&pretty=1', 200,
    { check: (a) => (a.text.startsWith('{\n  "items"') && a.text.endsWith('}\n') ? undefined : 'not indented') });
  await expect('gpus: limit 0', 'GET', '/v1/gpus?limit=0', 400, { check: (a) => fieldsNamed(a, 'limit') });
  await expect('gpus: limit 501', 'GET', '/v1/gpus?limit=501', 400);
  await expect('gpus: unknown parameter', 'GET', '/v1/gpus?colour=red', 400, { check: (a) => fieldsNamed(a, 'colour') });
  await expect('gpus: bad precision', 'GET', '/v1/gpus?precision=fp7', 400);
  await expect('gpus: bad number', 'GET', '/v1/gpus?min_memory_gb=lots', 400);
  await expect('gpus: foreign cursor', 'GET', '/v1/gpus?cursor=abc', 400, { check: (a) => fieldsNamed(a, 'cursor') });
  await expect('gpus: cursor of another catalog', 'GET', '/v1/gpus?cursor=2.0123456789abcdef', 400,
    { specValid: true, check: (a) => fieldsNamed(a, 'cursor') });
  await expect('gpu: unknown', 'GET', '/v1/gpus/no-such-gpu', 404, { check: (a) => problemType(a, 'not-found') });

  // A repeated catalog read may be answered from the answer cache: it must be the same answer, headers included.
  const fresh = await expect('gpu l4 (first)', 'GET', '/v1/gpus/l4?pretty=1', 200);
  await expect('gpu l4 (again)', 'GET', '/v1/gpus/l4?pretty=1', 200, {
    check: (a) => ['content-type', 'etag', 'cache-control'].filter((h) => a.headers.get(h) !== fresh?.headers.get(h))
      .map((h) => `${h}: "${a.headers.get(h)}" then "${fresh?.headers.get(h)}"`)
      .concat(a.text === fresh?.text ? [] : ['a different body']),
  });
  await expect('gpu l4 compact after pretty', 'GET', '/v1/gpus/l4', 200,
    { check: (a) => (a.text.startsWith('{"id":') ? undefined : 'the pretty answer was reused') });

  const etag = all?.headers.get('etag');
  await expect('gpus: If-None-Match', 'GET', '/v1/gpus?limit=500', 304, { headers: { 'If-None-Match': etag } });
  await expect('gpus: If-None-Match weak and listed', 'GET', '/v1/gpus/h100-sxm-80gb', 304,
    { headers: { 'If-None-Match': `"0000000000000000", W/${etag}` } });
  await expect('gpus: If-None-Match stale', 'GET', '/v1/gpus/h100-sxm-80gb', 200,
    { headers: { 'If-None-Match': '"0000000000000000"' } });
  await expect('gpus: HEAD', 'HEAD', '/v1/gpus', 200, { check: (a) => (a.text === '' ? undefined : 'HEAD answered a body') });
}

async function instanceCases() {
  // Every offer of the catalog, page by page: each price shape (USD, other currencies, spot bands) is validated.
  const instanceTypes = new Set();
  let cursor = null;
  let pages = 0;
  do {
    const path = '/v1/instances?limit=500' + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    const page = await expect(`instances: page ${pages + 1}`, 'GET', path, 200);
    const body = jsonOf(page);
    for (const item of body?.items ?? []) instanceTypes.add(`${item.provider}/${item.instance_type}`);
    cursor = body?.next_cursor ?? null;
    pages++;
  } while (cursor && pages < 20);
  if (instanceTypes.size < 20) fail('instances: catalog', `only ${instanceTypes.size} instance types`);
  for (const key of instanceTypes) {
    const [provider, type] = key.split('/');
    await expect(`instance ${key}`, 'GET', `/v1/instances/${encodeURIComponent(provider)}/${encodeURIComponent(type)}`,
      200);
  }

  for (const sort of ['hourly_usd', 'usd_per_tflops', 'usd_per_gpu_memory_gb', 'gpu_memory_gb'])
    await expect(`instances: sort ${sort}`, 'GET', `/v1/instances?sort=${sort}&limit=20&precision=fp8`, 200);
  for (const pricing of ['on_demand', 'spot', 'reserved_1y', 'reserved_3y', 'savings_plan_1y', 'savings_plan_3y'])
    await expect(`instances: pricing ${pricing}`, 'GET', `/v1/instances?pricing=${pricing}&limit=100`, 200,
      { check: (a) => ((jsonOf(a)?.items ?? []).every((i) => i.prices[pricing]) ? undefined
        : `an item without a ${pricing} price`) });
  await expect('instances: every filter', 'GET',
    '/v1/instances?provider=aws,gcp,azure&region=us-east-1,us-central1,eastus&gpu=h100-sxm-80gb,a100-sxm-80gb' +
    '&min_gpus=1&max_gpus=8&min_gpu_memory_gb=80&pricing=on_demand&max_hourly_usd=200&interconnect=nvswitch,nvlink' +
    '&sort=usd_per_tflops&precision=bf16&limit=50', 200);
  await expect('instances: fractional GPUs', 'GET', '/v1/instances?max_gpus=0.99&limit=50', 200,
    { check: (a) => ((jsonOf(a)?.items ?? []).every((i) => i.fractional_gpu) ? undefined : 'a whole GPU listed') });
  await expect('instances: other currencies', 'GET', '/v1/instances?provider=alibaba,tencent&limit=100', 200);
  await expect('instances: pretty', 'GET', '/v1/instances?limit=1&pretty=true', 200);
  await expect('instances: unknown provider', 'GET', '/v1/instances?provider=nimbus', 400,
    { specValid: true, check: (a) => fieldsNamed(a, 'provider') });
  await expect('instances: unknown gpu', 'GET', '/v1/instances?gpu=h900', 400, { specValid: true });
  await expect('instances: bad sort', 'GET', '/v1/instances?sort=price', 400, { check: (a) => fieldsNamed(a, 'sort') });
  await expect('instances: bad pricing', 'GET', '/v1/instances?pricing=monthly', 400);
  await expect('instances: bad interconnect', 'GET', '/v1/instances?interconnect=infinity', 400, { specValid: true });
  await expect('instances: max below min', 'GET', '/v1/instances?min_gpus=4&max_gpus=2', 400, { specValid: true });
  await expect('instances: negative', 'GET', '/v1/instances?min_gpus=-1', 400);
  await expect('instances: max_hourly_usd 0', 'GET', '/v1/instances?max_hourly_usd=0', 400);
  await expect('instances: unknown parameter', 'GET', '/v1/instances?gpus=8', 400, { check: (a) => fieldsNamed(a, 'gpus') });
  await expect('instances: several errors', 'GET', '/v1/instances?limit=x&sort=y&precision=z', 400,
    { check: (a) => fieldsNamed(a, 'limit', 'sort', 'precision') });
  await expect('instance: unknown type', 'GET', '/v1/instances/aws/p9.huge', 404, { check: (a) => problemType(a, 'not-found') });
  await expect('instance: unknown provider', 'GET', '/v1/instances/nimbus/x1', 404);

  const one = await expect('instance: p5', 'GET', '/v1/instances/aws/p5.48xlarge', 200);
  await expect('instance: If-None-Match', 'GET', '/v1/instances/aws/p5.48xlarge', 304,
    { headers: { 'If-None-Match': one?.headers.get('etag') } });
  const list = await expect('instances: list for ETag', 'GET', '/v1/instances?limit=5', 200);
  await expect('instances: If-None-Match', 'GET', '/v1/instances?limit=5', 304,
    { headers: { 'If-None-Match': list?.headers.get('etag') } });
  await expect('instances: If-None-Match *', 'GET', '/v1/instances?limit=5', 304, { headers: { 'If-None-Match': '*' } });
}

async function providerCases() {
  await expect('providers', 'GET', '/v1/providers', 200, {
    check: (a) => {
      const body = jsonOf(a);
      const problems = [];
      if (!(body?.fx_rates ?? []).some((r) => r.currency === 'CNY')) problems.push('no CNY exchange rate');
      if ((body?.items ?? []).length < 3) problems.push('fewer than 3 providers');
      return problems;
    },
  });
  await expect('providers: pretty', 'GET', '/v1/providers?pretty=1', 200);
  await expect('providers: unknown parameter', 'GET', '/v1/providers?provider=aws', 400,
    { check: (a) => fieldsNamed(a, 'provider') });
}

const recommendValid = [
  ['benchmark: images priced per million', { workload: { kind: 'inference', benchmark: 'resnet50-offline', work: 1e9 },
    objective: 'cost', limit: 3 }],
  ['benchmark: HPL at a target rate', { workload: { kind: 'hpc', benchmark: 'hpl', target_rate: 500 },
    objective: 'cost', limit: 3 }],
  ['design seats priced per seat-hour', { workload: { kind: 'rendering', seats: 12, seat_memory_gb: 8, hours: 160 },
    objective: 'cost', limit: 3 }],
  ['fine-tuning on tokens', { workload: { kind: 'fine_tuning', model_params_b: 7, tokens_b: 1 },
    constraints: { pricing: ['on_demand', 'spot', 'reserved_1y', 'reserved_3y'] }, objective: 'cost', limit: 10 }],
  ['training, every constraint', { workload: { kind: 'training', model_params_b: 13, precision: 'bf16', tokens_b: 20,
    batch_size: 4, sequence_length: 4096, checkpointing: true, utilization: 0.35 },
    constraints: { providers: ['aws', 'gcp', 'azure'], regions: ['us-east-1', 'us-central1', 'eastus'],
      max_hourly_usd: 500, max_total_usd: 5000000, require_ecc: true, require_nvlink: true,
      gpu_models: ['h100-sxm-80gb', 'a100-sxm-80gb'], exclude_gpu_models: ['a100-pcie-40gb'], min_gpus: 8,
      max_gpus: 64, max_nodes: 8 }, objective: 'time', limit: 5 }],
  ['inference latency', { workload: { kind: 'inference', model_params_b: 70, precision: 'fp8', batch_size: 8,
    sequence_length: 8192, latency_sensitive: true }, objective: 'balanced' }],
  ['inference by memory', { workload: { kind: 'inference', min_gpu_memory_gb: 20, bound: 'memory_bandwidth' },
    objective: 'efficiency', limit: 3 }],
  ['hpc fp64 hours', { workload: { kind: 'hpc', gpus: 8, hours: 100 }, constraints: { require_fp64: true } }],
  ['rendering', { workload: { kind: 'rendering', min_gpu_memory_gb: 12, hours: 10, precision: 'fp32' },
    constraints: { pricing: ['spot', 'on_demand'] } }],
  ['general', { workload: { kind: 'general', bound: 'compute' }, limit: 1 }],
  ['savings plans', { workload: { kind: 'inference', model_params_b: 8, hours: 2000 },
    constraints: { pricing: ['savings_plan_1y', 'savings_plan_3y', 'reserved_1y'] } }],
  ['named model, fp8', { workload: { kind: 'inference', model: 'llama-3.1-70b', precision: 'fp8' } }],
  ['moe model, throughput target', { workload: { kind: 'inference', model: 'mixtral-8x7b', target_tokens_per_s: 5000,
    prompt_tokens: 512, output_tokens: 128, kv_cache_precision: 'fp8' }, objective: 'cost' }],
  ['requests per second, latency floors', { workload: { kind: 'inference', model: 'llama-3.1-8b', requests_per_s: 4,
    latency_sensitive: true, max_ttft_ms: 500 } }],
  ['qlora fine-tune', { workload: { kind: 'fine_tuning', model: 'llama-2-70b', fine_tuning_method: 'qlora',
    lora_rank: 64, tokens_b: 0.1 } }],
  ['custom architecture', { workload: { kind: 'training', tokens_b: 10, gradient_checkpointing: true,
    architecture: { params_b: 7, layers: 32, hidden_size: 4096, attention_heads: 32, kv_heads: 8, mlp: 'gated',
      intermediate_size: 14336, vocab_size: 32000 } } }],
  ['impossible', { workload: { kind: 'training', model_params_b: 1000, tokens_b: 1000 },
    constraints: { max_hourly_usd: 0.01, max_nodes: 1 } }],
];

const recommendInvalid = [
  ['benchmark of another kind', { workload: { kind: 'hpc', benchmark: 'resnet50-offline', work: 10 } },
    ['workload.kind'], true],
  ['benchmark without work', { workload: { kind: 'hpc', benchmark: 'hpl' } }, ['workload.work'], true],
  ['seats of a training job', { workload: { kind: 'training', model_params_b: 7, hours: 1, seats: 4, seat_memory_gb: 8 } },
    ['workload.seats'], true],
  ['seats without their memory', { workload: { kind: 'rendering', seats: 4, hours: 1 } }, ['workload.seat_memory_gb'], true],
  ['unknown benchmark', { workload: { kind: 'hpc', benchmark: 'linpack', work: 1 } }, ['workload.benchmark'], true],
  ['unknown member', { workload: { kind: 'inference', model_params_b: 7 }, budget: 5 }, ['budget']],
  ['no workload', { objective: 'cost' }, ['workload']],
  // valid by the schema, refused on meaning: an id the catalogue lacks, figures that disagree, a member of another kind
  ['unknown model', { workload: { kind: 'inference', model: 'llama-9-70b' } }, ['workload.model'], true],
  ['model and a different size', { workload: { kind: 'inference', model: 'llama-3.1-8b', model_params_b: 70 } },
    ['workload.model_params_b'], true],
  ['method on inference', { workload: { kind: 'inference', model_params_b: 7, fine_tuning_method: 'lora' } },
    ['workload.fine_tuning_method'], true],
  ['bad kind', { workload: { kind: 'mining' } }, ['workload.kind']],
  ['bad precision', { workload: { kind: 'inference', model_params_b: 7, precision: 'fp12' } }, ['workload.precision']],
  ['out of range', { workload: { kind: 'training', model_params_b: -1, tokens_b: 1 } }, ['workload.model_params_b']],
  ['wrong types', { workload: { kind: 'inference', model_params_b: '7', latency_sensitive: 'yes' } },
    ['workload.model_params_b', 'workload.latency_sensitive']],
  ['bad objective and limit', { workload: { kind: 'general' }, objective: 'cheapest', limit: 0 }, ['objective', 'limit']],
  ['bad constraints', { workload: { kind: 'general' }, constraints: { pricing: ['hourly'], max_nodes: 0, colour: 1 } },
    ['constraints.pricing[0]', 'constraints.max_nodes', 'constraints.colour']],
];

async function recommendCases() {
  for (const [name, body] of recommendValid)
    await expect(`recommend: ${name}`, 'POST', '/v1/recommend', 200, { json: body });
  await expect('recommend: impossible has no recommendations', 'POST', '/v1/recommend', 200, {
    json: recommendValid.at(-1)[1],
    check: (a) => (jsonOf(a)?.recommendations?.length === 0 ? undefined : 'recommendations for an impossible request'),
  });
  await expect('recommend: pretty', 'POST', '/v1/recommend?pretty=1', 200, { json: recommendValid[0][1] });
  for (const [name, body, fields, specValid] of recommendInvalid)
    await expect(`recommend: ${name}`, 'POST', '/v1/recommend', 422,
      { json: body, specValid: specValid ?? false, check: (a) => fieldsNamed(a, ...fields) });
  await expect('recommend: unknown gpu model', 'POST', '/v1/recommend', 422,
    { json: { workload: { kind: 'general' }, constraints: { gpu_models: ['h900'] } }, specValid: true });
  await expect('recommend: no body', 'POST', '/v1/recommend', 400, { specCheck: false });
  await expect('recommend: an array', 'POST', '/v1/recommend', 400, { json: [1, 2] });
  await expect('recommend: malformed JSON', 'POST', '/v1/recommend', 400,
    { body: '{"workload": {', headers: { 'Content-Type': 'application/json' },
      check: (a) => [problemType(a, 'malformed-json'), fieldsNamed(a, 'body')].filter(Boolean) });
  await expect('recommend: duplicate keys', 'POST', '/v1/recommend', 400,
    { body: '{"limit": 1, "limit": 2, "workload": {"kind": "general"}}', headers: { 'Content-Type': 'application/json' } });
  await expect('recommend: text/plain', 'POST', '/v1/recommend', 415,
    { body: '{"workload": {"kind": "general"}}', headers: { 'Content-Type': 'text/plain' },
      check: (a) => problemType(a, 'unsupported-media-type') });
  await expect('recommend: form', 'POST', '/v1/recommend', 415,
    { body: 'workload=general', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  await expect('recommend: application/json; charset=utf-8', 'POST', '/v1/recommend', 200,
    { json: recommendValid[6][1], headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  await expect('recommend: body too large (streamed)', 'POST', '/v1/recommend', 413, {
    raw: { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: ['{"pad": "', 'x'.repeat(MAX_BODY), '"}'] },
    check: (a) => problemType(a, 'body-too-large'),
  });
  await expect('recommend: body too large (declared)', 'POST', '/v1/recommend', 413, {
    raw: { headers: { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY * 4) }, holdBody: true },
  });
}

const estimateValid = [
  ['months, every model', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 4,
    months: 3 }], pricing: ['on_demand', 'spot', 'reserved_1y', 'reserved_3y', 'savings_plan_1y', 'savings_plan_3y'] }],
  ['hours', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 1, hours: 100 }] }],
  ['part-time months', { items: [{ provider: 'gcp', instance_type: 'a2-highgpu-4g', region: 'us-central1', count: 2,
    months: 12, hours_per_month: 200 }] }],
  ['mixed fleet, other currency', { items: [
    { provider: 'aws', instance_type: 'g6.xlarge', region: 'us-east-1', count: 10, months: 1 },
    { provider: 'alibaba', instance_type: 'ecs.gn6i-c4g1.xlarge', region: 'cn-beijing', count: 3, hours: 48 },
    { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-east-1', count: 1, months: 2 }] }],
  ['every model the catalog has', { items: [
    { provider: 'aws', instance_type: 'p4d.24xlarge', region: 'us-east-1', count: 2, months: 40 },
    { provider: 'azure', instance_type: 'Standard_ND96isr_H100_v5', region: 'eastus', count: 1, months: 6 }] }],
  ['hours as 3.0', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 1,
    hours: 3.0 }], pricing: ['spot'] }],
];

const estimateInvalid = [
  ['empty items', { items: [] }, ['items']],
  ['no items', { pricing: ['on_demand'] }, ['items']],
  ['unknown member', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 1,
    hours: 1, discount: 0.1 }] }, ['items[0].discount']],
  ['hours and months', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1', count: 1,
    hours: 10, months: 1 }] }, ['items[0].months']],
  ['neither hours nor months', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1',
    count: 1 }] }, []],
  ['count 0 and bad pricing', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1',
    count: 0, hours: 1 }], pricing: ['hourly', 'spot', 'spot'] }, ['items[0].count', 'pricing[0]']],
  ['hours_per_month with hours', { items: [{ provider: 'aws', instance_type: 'p5.48xlarge', region: 'us-east-1',
    count: 1, hours: 10, hours_per_month: 100 }] }, []],
  ['an item not an object', { items: ['p5'] }, ['items[0]']],
];

async function estimateCases() {
  for (const [name, body] of estimateValid)
    await expect(`estimate: ${name}`, 'POST', '/v1/estimate', 200, { json: body });
  for (const [name, body, fields] of estimateInvalid)
    await expect(`estimate: ${name}`, 'POST', '/v1/estimate', 422,
      { json: body, check: (a) => fieldsNamed(a, ...fields) });
  await expect('estimate: unknown catalog entries', 'POST', '/v1/estimate', 422, {
    json: { items: [
      { provider: 'nimbus', instance_type: 'x', region: 'y', count: 1, hours: 1 },
      { provider: 'aws', instance_type: 'p5.48xlargee', region: 'us-east-1', count: 1, hours: 1 },
      { provider: 'aws', instance_type: 'p5.48xlarge', region: 'mars-1', count: 1, hours: 1 }] },
    specValid: true,
    check: (a) => fieldsNamed(a, 'items[0].provider', 'items[1].instance_type', 'items[2].region'),
  });
  await expect('estimate: not an object', 'POST', '/v1/estimate', 400, { json: ['p5'], check: (a) => fieldsNamed(a, 'body') });
  await expect('estimate: a JSON string', 'POST', '/v1/estimate', 400,
    { json: 'p5', check: (a) => problemType(a, 'malformed-json') });
  await expect('estimate: no body', 'POST', '/v1/estimate', 400, { specCheck: false });
  await expect('estimate: malformed JSON', 'POST', '/v1/estimate', 400,
    { body: '{"items": [}', headers: { 'Content-Type': 'application/json' } });
  await expect('estimate: no content type', 'POST', '/v1/estimate', 415, { body: new Blob(['{"items": []}']) });
  await expect('estimate: body too large', 'POST', '/v1/estimate', 413, {
    raw: { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: ['{"items": [', ' '.repeat(MAX_BODY + 10), ']}'] },
  });
}

async function adminAndHistoryCases(feedPort) {
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  await expect('refresh: no token', 'POST', '/v1/admin/refresh', 401, {
    check: (a) => problemType(a, 'unauthorized') ??
      (a.headers.get('www-authenticate') === 'Bearer' ? undefined : 'no WWW-Authenticate: Bearer'),
  });
  await expect('refresh: wrong token', 'POST', '/v1/admin/refresh', 401,
    { headers: { Authorization: 'Bearer not-the-admin-token-at-all' } });
  await expect('refresh: basic auth', 'POST', '/v1/admin/refresh', 401, { headers: { Authorization: 'Basic YTpi' } });
  await expect('refresh: unknown member', 'POST', '/v1/admin/refresh', 400,
    { headers: auth, json: { provider: 'feed', now: true }, check: (a) => fieldsNamed(a, 'now') });
  await expect('refresh: unknown adapter', 'POST', '/v1/admin/refresh', 400,
    { headers: auth, json: { provider: 'nimbus' }, check: (a) => fieldsNamed(a, 'provider') });
  await expect('refresh: not an object', 'POST', '/v1/admin/refresh', 400, { headers: auth, json: ['feed'] });
  await expect('refresh: malformed', 'POST', '/v1/admin/refresh', 400,
    { headers: { ...auth, 'Content-Type': 'application/json' }, body: '{' });
  await expect('refresh: text body', 'POST', '/v1/admin/refresh', 415,
    { headers: { ...auth, 'Content-Type': 'text/plain' }, body: 'feed' });
  await expect('refresh: body too large', 'POST', '/v1/admin/refresh', 413, {
    raw: { headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY + 1) },
      holdBody: true },
  });
  await expect('refresh: adapter off', 'POST', '/v1/admin/refresh', 409,
    { headers: auth, json: { provider: 'gcp' }, check: (a) => problemType(a, 'refresh-disabled') });

  const before = jsonOf(await send('GET', '/readyz'))?.catalog_version;
  const oldPage = jsonOf(await send('GET', '/v1/instances?limit=1'));
  await expect('refresh: feed', 'POST', '/v1/admin/refresh', 202, {
    headers: auth, json: { provider: 'feed' },
    check: (a) => (jsonOf(a)?.providers?.includes('feed') ? undefined : 'feed is not among the started providers'),
  });
  await waitFor('refresh: the feed run finishes', async () => {
    const providers = jsonOf(await send('GET', '/v1/providers'));
    const lambda = providers?.items?.find((p) => p.id === 'lambda');
    return lambda?.refresh?.status === 'ok' && lambda.refresh.last_success_at;
  });
  await expect('providers after a refresh', 'GET', '/v1/providers', 200);
  await expect('refresh: all enabled', 'POST', '/v1/admin/refresh', [202, 409, 429], { headers: auth });
  await expect('refresh: too soon after the last', 'POST', '/v1/admin/refresh', [409, 429], {
    headers: auth, json: { provider: 'feed' },
    check: (a) => (/^[0-9]+$/.test(a.headers.get('retry-after') ?? '') ? undefined : 'no Retry-After'),
  });
  await waitFor('refresh: idle again', async () => {
    const providers = jsonOf(await send('GET', '/v1/providers'));
    return !(providers?.items ?? []).some((p) => p.refresh.status === 'running');
  });

  const after = jsonOf(await send('GET', '/readyz'))?.catalog_version;
  if (before === after) fail('refresh: a new snapshot', `catalog_version stayed ${before}`);
  else pass();
  if (oldPage?.next_cursor) {
    // The replaced snapshot stays answerable for GPUREC_CATALOG_GRACE seconds (300 by default), so a client paging
    // through it is not cut off by a refresh; a version no snapshot held is refused.
    await expect('instances: cursor of the previous catalog, within its grace', 'GET',
      `/v1/instances?limit=1&cursor=${encodeURIComponent(oldPage.next_cursor)}`, 200, {
        check: (a) => (jsonOf(a)?.catalog_version === before ? undefined
          : `answered from ${jsonOf(a)?.catalog_version}, not the cursor's ${before}`),
      });
    await expect('instances: cursor of a catalog never held', 'GET',
      `/v1/instances?limit=1&cursor=${encodeURIComponent(oldPage.next_cursor.replace(/\.[0-9a-f]+$/, '.0123456789abcdef'))}`,
      400, { specValid: true, check: (a) => fieldsNamed(a, 'cursor') });
  }

  await importCases(auth);
  const history = '/v1/instances/lambda/gpu_8x_h100_sxm5/history';
  await expect('history', 'GET', history, 200, {
    check: (a) => {
      const items = jsonOf(a)?.items ?? [];
      return items.some((i) => i.hourly === 24.48 && i.region === 'us-east-1') ? undefined
        : `the refreshed price is not in the history: ${a.text.slice(0, 300)}`;
    },
  });
  const firstPage = await expect('history: filtered page', 'GET', `${history}?region=us-west-1&pricing=on_demand&limit=1`,
    200);
  const next = jsonOf(firstPage)?.next_cursor;
  if (next) await expect('history: next page', 'GET', `${history}?limit=1&cursor=${next}`, 200);
  await expect('history: pretty', 'GET', `${history}?pretty=1`, 200);
  await expect('history: empty', 'GET', '/v1/instances/aws/p5.48xlarge/history?pricing=savings_plan_3y', 200,
    { check: (a) => (jsonOf(a)?.total === 0 ? undefined : 'history where no refresh ran') });
  await expect('history: bad limit', 'GET', `${history}?limit=0`, 400, { check: (a) => fieldsNamed(a, 'limit') });
  await expect('history: bad cursor', 'GET', `${history}?cursor=abc`, 400);
  await expect('history: unknown region', 'GET', `${history}?region=mars-1`, 400, { specValid: true });
  await expect('history: bad pricing', 'GET', `${history}?pricing=hourly`, 400);
  await expect('history: unknown parameter', 'GET', `${history}?since=2025`, 400);
  await expect('history: unknown instance', 'GET', '/v1/instances/lambda/gpu_99x/history', 404);
  void feedPort;
}

async function importCases(auth) {
  const row = { provider: 'lambda', instance_type: 'gpu_8x_h100_sxm5', region: 'us-east-1', pricing_model: 'spot',
    hourly: 12.5, currency: 'USD' };
  await expect('import: no token', 'POST', '/v1/admin/import', 401, {
    json: { prices: [row] },
    check: (a) => (a.headers.get('www-authenticate') === 'Bearer' ? undefined : 'no WWW-Authenticate: Bearer'),
  });
  await expect('import: no body', 'POST', '/v1/admin/import', 400, { headers: auth, specValid: true });
  await expect('import: text body', 'POST', '/v1/admin/import', 415,
    { headers: { ...auth, 'Content-Type': 'text/plain' }, body: 'prices' });
  await expect('import: body too large', 'POST', '/v1/admin/import', 413, {
    raw: { headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(MAX_BODY + 1) },
      holdBody: true },
  });
  await expect('import: a bad row', 'POST', '/v1/admin/import', 422, {
    headers: auth, json: { prices: [row, { ...row, hourly: 'cheap' }] }, specValid: true,
    check: (a) => fieldsNamed(a, 'prices[1].hourly'),
  });
  await expect('import: a document', 'POST', '/v1/admin/import', 200, {
    headers: auth, json: [row],
    check: (a) => (jsonOf(a)?.rows_applied === 1 ? undefined : `rows_applied is not 1: ${a.text}`),
  });
  await expect('import: the price is served', 'GET', '/v1/instances/lambda/gpu_8x_h100_sxm5', 200, {
    check: (a) => (a.text.includes('feed:import:admin') ? undefined : 'the imported price is not served'),
  });
}

async function webCases() {
  await expect('root redirects', 'GET', '/', 302);
  await expect('ui without slash redirects', 'GET', '/ui', 302);
  const index = await expect('ui index', 'GET', '/ui/', 200);
  await expect('ui index If-None-Match', 'GET', '/ui/', 304, { headers: { 'If-None-Match': index?.headers.get('etag') } });
  for (const asset of ['index.html', 'style.css', 'app.js', 'icon.svg']) {
    const file = await expect(`ui ${asset}`, 'GET', `/ui/${asset}`, 200);
    await expect(`ui ${asset} If-None-Match`, 'GET', `/ui/${asset}`, 304,
      { headers: { 'If-None-Match': file?.headers.get('etag') } });
  }
  await expect('ui unknown asset', 'GET', '/ui/secret.txt', 404);
  await expect('ui HEAD', 'HEAD', '/ui/app.js', 200);
}

// Every path answers a method it does not have with 405 and an Allow that lists exactly the spec's methods.
async function methodCases() {
  const samples = { id: 'h100-sxm-80gb', provider: 'aws', instance_type: 'p5.48xlarge', asset: 'app.js' };
  for (const [template, item] of Object.entries(spec.doc.paths)) {
    const path = template.replace(/\{([^}]+)\}/g, (_, name) => samples[name]);
    const methods = ['get', 'post', 'put', 'delete', 'patch'].filter((m) => item[m]).map((m) => m.toUpperCase());
    const allow = new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']);
    const wrong = ['DELETE', 'PUT', 'PATCH', methods.includes('POST') ? 'GET' : 'POST'];
    for (const method of wrong)
      await expect(`405: ${method} ${template}`, method, path, 405, {
        check: (a) => {
          const got = new Set((a.headers.get('allow') ?? '').split(', '));
          return [...allow].every((m) => got.has(m)) && got.size === allow.size ? undefined
            : `Allow "${a.headers.get('allow')}", the spec has ${[...allow].join(', ')}`;
        },
      });
    await expect(`OPTIONS ${template}`, 'OPTIONS', path, 204);
  }
  await expect('404: unknown path', 'GET', '/v2/gpus', 404, { check: (a) => problemType(a, 'not-found') });
  await expect('404: unknown path POST', 'POST', '/v1/recommendations', 404, { json: {} });
  await expect('404: trailing slash', 'GET', '/v1/gpus/', 404);
}

async function headerCases() {
  await expect('request id echoed', 'GET', '/healthz', 200, {
    headers: { 'X-Request-Id': 'contract-test.id_1' },
    check: (a) => (a.headers.get('x-request-id') === 'contract-test.id_1' ? undefined
      : `X-Request-Id ${a.headers.get('x-request-id')}`),
  });
  await expect('request id generated for an unsafe one', 'GET', '/healthz', 200, {
    headers: { 'X-Request-Id': 'bad id with spaces' },
    check: (a) => (a.headers.get('x-request-id') !== 'bad id with spaces' ? undefined : 'an unsafe id was echoed'),
  });
  await expect('CORS: allowed origin', 'GET', '/v1/gpus?limit=1', 200, {
    headers: { Origin: ALLOWED_ORIGIN },
    check: (a) => (a.headers.get('access-control-allow-origin') === ALLOWED_ORIGIN &&
      /ETag/.test(a.headers.get('access-control-expose-headers') ?? '') ? undefined : 'no CORS headers'),
  });
  await expect('CORS: other origin', 'GET', '/v1/gpus?limit=1', 200, {
    headers: { Origin: 'https://evil.example.test' },
    check: (a) => ([...a.headers.keys()].some((h) => h.startsWith('access-control-')) ? 'CORS headers for a foreign origin'
      : undefined),
  });
  await expect('CORS: preflight', 'OPTIONS', '/v1/recommend', 204, {
    headers: { Origin: ALLOWED_ORIGIN, 'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type' },
    check: (a) => {
      const problems = [];
      if (a.headers.get('access-control-allow-origin') !== ALLOWED_ORIGIN) problems.push('no Allow-Origin');
      if (!/POST/.test(a.headers.get('access-control-allow-methods') ?? '')) problems.push('no POST in Allow-Methods');
      if (!/Content-Type/i.test(a.headers.get('access-control-allow-headers') ?? '')) problems.push('no Allow-Headers');
      return problems;
    },
  });
  await expect('CORS: preflight from another origin', 'OPTIONS', '/v1/recommend', 204, {
    headers: { Origin: 'https://evil.example.test', 'Access-Control-Request-Method': 'POST' },
    check: (a) => ([...a.headers.keys()].some((h) => h.startsWith('access-control-')) ? 'CORS headers for a foreign origin'
      : undefined),
  });
  await expect('CORS: problem answers too', 'GET', '/v1/gpus/none', 404, {
    headers: { Origin: ALLOWED_ORIGIN },
    check: (a) => (a.headers.get('access-control-allow-origin') === ALLOWED_ORIGIN ? undefined : 'no CORS on a 404'),
  });
  await expect('nosniff', 'GET', '/healthz', 200,
    { check: (a) => (a.headers.get('x-content-type-options') === 'nosniff' ? undefined : 'no X-Content-Type-Options') });
}

// ---- drift between the spec and the server's route table ------------------------------------------------------------

function routeTableCases() {
  const source = readFileSync(join(repoRoot, 'service/face/routes.c'), 'utf8');
  const table = source.slice(source.indexOf('static const http_route rows[]'));
  const routes = [...table.slice(0, table.indexOf('};')).matchAll(/\{"([A-Z]+)", "([^"]+)"/g)]
    .map((m) => `${m[1]} ${m[2]}`);
  const documented = spec.operations().filter((o) => o.method !== 'OPTIONS').map((o) => `${o.method} ${o.template}`);
  const undocumented = routes.filter((r) => !documented.includes(r));
  const unrouted = documented.filter((d) => !routes.includes(d));
  if (routes.length === 0) fail('route table', 'no routes found in service/face/http/routes.c');
  else if (undocumented.length || unrouted.length)
    fail('route table and spec list the same endpoints',
      [...undocumented.map((r) => `served but not in openapi.yaml: ${r}`),
        ...unrouted.map((d) => `in openapi.yaml but not served: ${d}`)]);
  else pass();
}

// ---- metrics --------------------------------------------------------------------------------------------------------

// The value of the sample matching pattern (a regular expression for the name and labels) in a /metrics text.
function sample(text, pattern) {
  const m = text.match(new RegExp('^' + pattern + ' ([0-9.e+-]+)$', 'm'));
  return m ? Number(m[1]) : undefined;
}

async function metricsCases() {
  const expectations = [
    ['requests by route, method and status', 'gpurec_http_requests_total\\{route="/v1/gpus",method="GET",status="200"\\}',
      (v) => v >= 3],
    ['405s counted', 'gpurec_http_requests_total\\{route="unmatched",method="[A-Z]+",status="405"\\}', (v) => v >= 1],
    ['latency histogram', 'gpurec_http_request_duration_seconds_count\\{route="/v1/instances"\\}', (v) => v >= 2],
    ['latency +Inf bucket', 'gpurec_http_request_duration_seconds_bucket\\{route="/v1/instances",le="\\+Inf"\\}',
      (v) => v >= 2],
    ['in flight (this request)', 'gpurec_http_requests_in_flight', (v) => v >= 1],
    ['catalog version', 'gpurec_catalog_info\\{version="[0-9a-f]{16}"\\}', (v) => v === 1],
    ['catalog size', 'gpurec_catalog_items\\{kind="offers"\\}', (v) => v > 100],
    ['refresh runs', 'gpurec_refresh_runs_total\\{provider="feed"\\}', (v) => v >= 1],
    ['refresh failures', 'gpurec_refresh_failures_total\\{provider="feed"\\}', (v) => v >= 0],
    ['refresh rows', 'gpurec_refresh_rows_applied_total\\{provider="feed"\\}', (v) => v >= 2],
    ['last success per provider', 'gpurec_provider_last_success_timestamp_seconds\\{provider="lambda"\\}',
      (v) => v > 1.7e9],
    ['price rows per provider', 'gpurec_provider_price_rows\\{provider="aws"\\}', (v) => v > 10],
    ['process memory', 'gpurec_process_resident_memory_bytes', (v) => v > 1e6],
  ];
  // A request is counted once its answer is sent (libmicrohttpd's completion callback), which may be after the
  // client has it: poll until every expectation holds (or WAIT_MS passes), then judge the last answer.
  const holds = (text) => expectations.every(([, pattern, ok]) => {
    const v = sample(text, pattern);
    return v !== undefined && ok(v);
  });
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const polled = await send('GET', '/metrics').catch(() => undefined);
    if (polled && holds(polled.text)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = await expect('metrics after the run', 'GET', '/metrics', 200);
  const text = answer?.text ?? '';
  const promtool = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (promtool.error || promtool.status !== 0 || !text)
    fail('promtool check metrics', (promtool.error?.message ?? `${promtool.stdout}${promtool.stderr}`).trim() || 'no output');
  else pass();
  for (const [name, pattern, ok] of expectations) {
    const v = sample(text, pattern);
    if (v === undefined || !ok(v)) fail(`metrics: ${name}`, `${pattern} = ${v}`);
    else pass();
  }
}

// ---- coverage -------------------------------------------------------------------------------------------------------

// Answers no black-box test can bring about on a healthy daemon; listed, not failed.
const unreachable = new Map([
  ['409', 'POST /v1/admin/import: only while the feed adapter runs (tests/system/test_worker.c covers the refresh 409)'],
  ['503', 'needs the daemon without a catalog, a database error or shutdown (tests/ops covers /readyz draining)'],
]);

function coverage() {
  const skipped = [];
  for (const { template, method, op } of spec.operations()) {
    const key = `${method} ${template}`;
    if (!exercisedOps.has(key)) {
      fail(`coverage: ${key}`, 'the operation was never exercised');
      continue;
    }
    for (const status of Object.keys(op.responses)) {
      if (exercised.has(`${key} ${status}`)) continue;
      if (unreachable.has(status)) skipped.push(`${key} ${status}`);
      else fail(`coverage: ${key} ${status}`, 'a documented answer was never produced');
    }
  }
  return skipped;
}

// ---- main -----------------------------------------------------------------------------------------------------------

// Redocly's linter on openapi.yaml, with redocly.yaml beside this file.
function lint() {
  const here = new URL('.', import.meta.url).pathname;
  const redocly = spawnSync(join(here, 'node_modules/.bin/redocly'),
    ['lint', '--config', join(here, 'redocly.yaml'), '--format=stylish', join(repoRoot, 'openapi.yaml')], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
  const output = `${redocly.stdout}${redocly.stderr}`.split('\n').filter((l) => l.trim() && !/^\s*[║╔╚]/.test(l));
  console.log(output.join('\n'));
  if (redocly.status !== 0) fail('redocly lint openapi.yaml', redocly.error?.message ?? `exit ${redocly.status}`);
  else pass();
}

async function main() {
  lint();
  const temp = tempDir('gpurec-contract-');
  const feed = await startFeed();
  const feedPort = feed.address().port;
  const db = join(temp.dir, 'gpurec.db');
  let daemon;
  let offDaemon;
  try {
    migrate(binary, db);
    daemon = await start(binary, {
      GPUREC_DB: db,
      GPUREC_ADMIN_TOKEN: ADMIN_TOKEN,
      GPUREC_CORS_ORIGINS: ALLOWED_ORIGIN,
      GPUREC_MAX_BODY_BYTES: String(MAX_BODY),
      GPUREC_PROVIDERS: 'feed,gcp',
      GPUREC_GCP_API_KEY: '',
      GPUREC_FEED_URLS: `http://127.0.0.1:${feedPort}/prices.json`,
    });
    base = daemon.base;
    routeTableCases();
    await operationsCases();
    await gpuCases();
    await modelCases();
    await benchmarkCases();
    await exportCases();
    await instanceCases();
    await providerCases();
    await recommendCases();
    await estimateCases();
    await adminAndHistoryCases(feedPort);
    await webCases();
    await methodCases();
    await headerCases();

    // The same database served without an admin token: the admin endpoint is off.
    offDaemon = await start(binary, { GPUREC_DB: db, GPUREC_PROVIDERS: 'feed', GPUREC_FEED_URLS: '' });
    const onBase = base;
    base = offDaemon.base;
    await expect('refresh: off without a token', 'POST', '/v1/admin/refresh', 404,
      { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    await expect('import: off without a token', 'POST', '/v1/admin/import', 404,
      { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` }, json: [] });
    base = onBase;

    await metricsCases();
  } catch (error) {
    fail('contract run', error.stack ?? String(error));
  } finally {
    for (const d of [daemon, offDaemon]) {
      if (!d) continue;
      const exit = await stop(d);
      if (exit.code !== 0) fail('daemon exits 0 on SIGTERM', JSON.stringify(exit));
      const crashes = d.lines.filter((l) => /AddressSanitizer|runtime error|"level":"error"/.test(l));
      if (crashes.length) fail('daemon log has no errors', crashes.slice(0, 5));
    }
    feed.close();
    temp.remove();
  }
  const skipped = coverage();
  for (const s of skipped) console.log(`skip ${s}: ${unreachable.get(s.split(' ').at(-1))}`);
  console.log(`contract: ${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed === 0 ? 0 : 1);
}

main();
