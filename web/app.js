/* gpurec's page: a form for POST /v1/recommend, a chart of the offers that fit, an estimate view for POST
 * /v1/estimate and a catalog view for GET /v1/gpus, /v1/instances and /v1/providers.
 *
 * Plain JavaScript, no library: the chart is a hand-written SVG scatter plot, so nothing is bundled or fetched from
 * anywhere but this daemon. Every URL is relative to the page, which lives at ".../ui/", so the page works under any
 * path prefix a gateway puts in front of the daemon. The DOM is built with el(), never from HTML strings, because
 * catalog text (region names, error messages) comes from providers' price feeds. */
'use strict';

(function () {
  /* How many recommendations to ask for: the table shows the top few, the chart plots them all. 100 is the API's cap,
   * and asking once (instead of once for the table and once for the chart) keeps both views of one catalog version. */
  const CHART_LIMIT = 100;
  const PAGE_LIMIT = 100;
  /* POST /v1/estimate's limits and month (api_estimate.c): 87 600 hours is ten years of 8 760; a month is 730 hours. */
  const MAX_ESTIMATE_HOURS = 87600;
  const HOURS_PER_MONTH = 730;

  const PRICING_LABELS = {
    on_demand: 'On-demand', spot: 'Spot', reserved_1y: 'Reserved 1y', reserved_3y: 'Reserved 3y',
    savings_plan_1y: 'Savings plan 1y', savings_plan_3y: 'Savings plan 3y',
  };
  const PRICING_ORDER = Object.keys(PRICING_LABELS);
  const KIND_LABELS = {
    training: 'Training', fine_tuning: 'Fine-tuning', inference: 'Inference', hpc: 'HPC', rendering: 'Rendering',
    general: 'General',
  };
  /* The GPU figure that serves each precision, as the API names them (design.md, GET /v1/gpus). fp64 takes the better
   * of the vector and tensor figures and int4 runs at the int8 rate, as the service's sizing does. */
  const PEAK_FIELDS = {
    fp64: ['fp64_tflops', 'fp64_tensor_tflops'], fp32: ['fp32_tflops'], tf32: ['tf32_tflops'],
    bf16: ['bf16_tflops'], fp16: ['fp16_tflops'], fp8: ['fp8_tflops'], int8: ['int8_tops'], int4: ['int8_tops'],
  };
  /* Provider colours: a colour-blind-aware categorical palette (Tableau 10); well-known providers keep their usual
   * hue so a chart reads the same from one request to the next. */
  const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#76b7b2', '#edc948', '#ff9da7', '#9c755f',
    '#bab0ac'];
  const KNOWN_COLOURS = { aws: '#f28e2b', azure: '#4e79a7', gcp: '#59a14f', oci: '#e15759', lambda: '#b07aa1',
    coreweave: '#76b7b2', alibaba: '#edc948', tencent: '#9c755f' };

  const state = {
    providers: [],          /* GET /v1/providers items */
    gpus: new Map(),        /* id -> GPU item */
    gpuList: [],
    colours: new Map(),     /* provider id -> colour */
    lastRecommend: null,    /* {request, response} */
    models: new Map(),      /* GET /v1/models: id -> model */
    benchmarks: new Map(),  /* GET /v1/benchmarks: benchmark -> its first row, with the GPUs measured */
    /* Request members an alternative's "Try it" set that the form has no control for; sent until the form is reset. */
    extras: {},
    instancesCursor: null,
    instancesQuery: null,
    catalogLoaded: false,
    gpuSort: { key: 'name', dir: 1 },
  };

  /* ---------- small helpers ---------- */

  function $(selector, root) { return (root || document).querySelector(selector); }
  function $all(selector, root) { return Array.from((root || document).querySelectorAll(selector)); }

  /* el('td', {class: 'num'}, 'text', childNode, ...): attributes starting with "on" become listeners, a value of
   * false or null leaves the attribute out. */
  function el(tag, attrs, ...children) {
    const svg = tag.startsWith('svg:');
    const node = svg ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4)) : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    appendChildren(node, children);
    return node;
  }
  function appendChildren(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  function isNum(x) { return typeof x === 'number' && Number.isFinite(x); }
  const usdFormats = new Map();
  function usd(x) {
    if (!isNum(x)) return '–';
    const digits = Math.abs(x) >= 10000 ? 0 : Math.abs(x) < 1 && x !== 0 ? 3 : 2;
    if (!usdFormats.has(digits)) {
      usdFormats.set(digits, new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD',
        minimumFractionDigits: digits, maximumFractionDigits: digits }));
    }
    return usdFormats.get(digits).format(x);
  }
  function num(x, digits) {
    if (!isNum(x)) return '–';
    const d = digits === undefined ? (Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2) : digits;
    return x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });
  }
  /* Axis labels stay short: whole dollars from $100 up, cents below, two significant digits under 10 cents. */
  function usdTick(x) {
    if (x >= 100) return `$${Math.round(x).toLocaleString('en-US')}`;
    return x >= 0.1 ? `$${x.toFixed(2)}` : `$${Number(x.toPrecision(2))}`;
  }
  // A commitment's saving is what its whole terms cost against on-demand over the same job (negative when it costs
  // more); the hourly discount follows as a secondary figure.
  function committedSaving(row) {
    if (!isNum(row.commitment_savings_vs_on_demand_pct)) return pct(row.savings_vs_on_demand_pct);
    return el('span', {}, el('strong', {}, pct(row.commitment_savings_vs_on_demand_pct)),
      el('span', { class: 'sub' }, `over the job; ${pct(row.savings_vs_on_demand_pct)} per hour`));
  }

  // How many months of use a commitment needs to pay: its break-even share of the term (730 hours a month).
  function paysAfter(row) {
    if (!isNum(row.break_even_utilisation_pct) || !isNum(row.commitment_term_hours)) return null;
    const months = row.break_even_utilisation_pct / 100 * row.commitment_term_hours / 730;
    return el('span', { class: 'sub' }, `pays after ${num(months, 1)} months of use`);
  }

  function pct(x) { return isNum(x) ? `${num(x, 1)} %` : '–'; }
  function hours(h) {
    if (!isNum(h)) return '–';
    if (h < 48) return `${num(h, h < 10 ? 1 : 0)} h`;
    const days = h / 24;
    return days < 60 ? `${num(days, 1)} days` : `${num(days / 30.4375, 1)} months`;
  }
  function flops(x) {
    if (!isNum(x)) return '–';
    if (x === 0) return '0';
    const exp = Math.floor(Math.log10(Math.abs(x)));
    if (exp < 6) return num(x);
    return `${(x / 10 ** exp).toFixed(2)} × 10${superscript(exp)}`;
  }
  function superscript(n) {
    const map = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
    return String(n).split('').map((c) => map[c] || c).join('');
  }
  function label(map, key) { return map[key] || String(key).replace(/_/g, ' '); }
  function pricingTag(model) { return el('span', { class: `tag ${model}` }, label(PRICING_LABELS, model)); }
  function humanise(key) {
    const text = String(key).replace(/_/g, ' ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function colourFor(providerId) {
    if (!state.colours.has(providerId)) {
      const used = new Set(state.colours.values());
      let colour = KNOWN_COLOURS[providerId];
      if (!colour || used.has(colour)) colour = PALETTE.find((c) => !used.has(c)) || PALETTE[state.colours.size % PALETTE.length];
      state.colours.set(providerId, colour);
    }
    return state.colours.get(providerId);
  }
  function providerName(id) {
    const p = state.providers.find((x) => x.id === id);
    return p && p.name ? p.name : id;
  }
  function swatch(providerId) {
    return el('span', { class: 'swatch', style: `background:${colourFor(providerId)}`, 'aria-hidden': 'true' });
  }

  /* ---------- the API ---------- */

  /* The page is at ".../ui/" (the daemon redirects "/" there), so the API is one level up. Should the page be served
   * somewhere else, the API is taken to sit beside it. */
  function apiUrl(path) {
    const inUi = /\/ui\/[^/]*$/.test(window.location.pathname);
    return new URL((inUi ? '../' : './') + path, window.location.href).toString();
  }

  /* Resolves to {ok: true, data} or {ok: false, problem}: a problem+json body as sent, or one made up from what came
   * back (a gateway's HTML error page, a dropped connection) so that nothing fails silently. */
  async function api(method, path, body) {
    const init = { method, headers: { Accept: 'application/json, application/problem+json' } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(apiUrl(path), init);
    } catch (err) {
      return { ok: false, problem: { title: 'The service cannot be reached', detail: String(err && err.message || err) } };
    }
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
    if (response.ok && data !== null) return { ok: true, data, status: response.status };
    if (data && typeof data === 'object' && (data.title || data.errors)) return { ok: false, problem: data };
    return {
      ok: false,
      problem: {
        title: response.ok ? 'The service answered something that is not JSON' : `HTTP ${response.status} ${response.statusText}`,
        status: response.status,
        detail: text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300),
      },
    };
  }

  /* Like api() for an answer that is text (an export): {ok: true, text, type} or {ok: false, problem}. */
  async function apiText(method, path, body) {
    let response;
    try {
      response = await fetch(apiUrl(path), { method, body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', Accept: 'application/yaml, text/plain, application/problem+json' } });
    } catch (err) {
      return { ok: false, problem: { title: 'The service cannot be reached', detail: String(err && err.message || err) } };
    }
    const text = await response.text();
    if (response.ok) return { ok: true, text, type: response.headers.get('Content-Type') || '' };
    let problem = null;
    try { problem = JSON.parse(text); } catch (_) { problem = null; }
    if (!problem || typeof problem !== 'object') {
      problem = { title: `HTTP ${response.status} ${response.statusText}`, detail: text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 300) };
    }
    return { ok: false, problem };
  }

  /* Follows next_cursor until the collection ends (or maxPages, a guard against a cursor that never ends). */
  async function apiAll(path, maxPages) {
    const items = [];
    let cursor = null;
    for (let page = 0; page < (maxPages || 20); page++) {
      const sep = path.includes('?') ? '&' : '?';
      const result = await api('GET', `${path}${sep}limit=${PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (!result.ok) return result;
      const data = result.data || {};
      items.push(...(data.items || []));
      cursor = data.next_cursor;
      if (!cursor) break;
    }
    return { ok: true, data: { items } };
  }

  /* ---------- problems next to forms ---------- */

  function clearProblem(box, form) {
    box.hidden = true;
    clear(box);
    if (form) {
      $all('[aria-invalid="true"]', form).forEach((n) => n.removeAttribute('aria-invalid'));
      $all('.field-error', form).forEach((n) => n.remove());
    }
  }

  /* Shows a problem's title, detail and every field message in box, and marks the form's inputs the fields name
   * ("workload.model_params_b", "constraints.providers[1]", "items[0].region"). */
  function showProblem(box, problem, form) {
    clearProblem(box, form);
    const errors = Array.isArray(problem.errors) ? problem.errors : [];
    box.append(el('strong', {}, problem.title || 'Request failed'));
    if (problem.detail) box.append(el('div', {}, problem.detail));
    const list = el('ul');
    for (const e of errors) {
      const target = form && e.field ? fieldTarget(form, e.field) : null;
      const name = e.field ? el('code', {}, e.field) : null;
      /* A field the form shows is a link to it, as in an error summary; the message also goes under the field. */
      list.append(el('li', {}, target ? el('a', { href: '#', onclick: (ev) => { ev.preventDefault(); focusField(target); } }, name)
        : name, e.field ? ': ' : '', e.message || ''));
      if (!target) continue;
      target.setAttribute('aria-invalid', 'true');
      const holder = target.closest('.field') || target.parentElement;
      holder.append(el('span', { class: 'field-error' }, e.message || 'invalid'));
    }
    if (errors.length) box.append(list);
    box.hidden = false;
  }
  function focusField(target) {
    const focusable = target.matches('input, select') ? target : target.querySelector('input, select');
    if (focusable) focusable.focus();
    target.scrollIntoView({ block: 'center' });
  }
  /* Moves focus to a problem box so keyboard and screen-reader users land on it. */
  function focusProblem(box) {
    box.setAttribute('tabindex', '-1');
    box.focus();
  }
  function fieldTarget(form, field) {
    const candidates = [field, field.replace(/\[\d+\]$/, '')];
    for (const name of candidates) {
      const input = form.querySelector(`[name="${CSS.escape(name)}"]:not([type="checkbox"]):not([type="radio"])`);
      if (input) return input;
      const group = form.querySelector(`[data-name="${CSS.escape(name)}"]`);
      if (group) return group;
    }
    return null;
  }

  /* ---------- form reading ---------- */

  /* The number in an input, undefined when empty; a value the browser could not parse is reported like an API field
   * error so the user sees the same kind of message. */
  function readNumber(form, name, localErrors) {
    const input = form.elements[name];
    if (!input) return undefined;
    if (input.validity && input.validity.badInput) {
      localErrors.push({ field: name, message: 'must be a number' });
      return undefined;
    }
    if (input.value.trim() === '') return undefined;
    return Number(input.value);
  }
  function checkedValues(form, name) {
    return $all(`input[name="${name}"]:checked`, form).map((i) => i.value);
  }
  function setIf(obj, key, value) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return;
    obj[key] = value;
  }

  /* ---------- tabs ---------- */

  const TABS = ['recommend', 'estimate', 'catalog'];
  function selectTab(name, focus) {
    if (!TABS.includes(name)) name = 'recommend';
    for (const tab of TABS) {
      const button = $(`#tab-${tab}`);
      const selected = tab === name;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      $(`#view-${tab}`).hidden = !selected;
    }
    if (focus) $(`#tab-${name}`).focus();
    if (window.location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
    if (name === 'catalog' && !state.catalogLoaded) loadCatalogView();
  }
  function setupTabs() {
    for (const tab of TABS) $(`#tab-${tab}`).addEventListener('click', () => selectTab(tab));
    $('.tabs').addEventListener('keydown', (event) => {
      const current = TABS.findIndex((t) => $(`#tab-${t}`).getAttribute('aria-selected') === 'true');
      let next = null;
      if (event.key === 'ArrowRight') next = (current + 1) % TABS.length;
      else if (event.key === 'ArrowLeft') next = (current + TABS.length - 1) % TABS.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = TABS.length - 1;
      if (next === null) return;
      event.preventDefault();
      selectTab(TABS[next], true);
    });
    window.addEventListener('hashchange', () => selectTab(window.location.hash.slice(1)));
    selectTab(window.location.hash.slice(1) || 'recommend');
  }

  /* ---------- start-up: providers and GPUs ---------- */

  async function loadProviders() {
    const result = await api('GET', 'v1/providers');
    const box = $('#providers-box');
    if (!result.ok) {
      clear(box).append(el('span', { class: 'err' }, `Providers unavailable: ${result.problem.title}`));
      setCatalogState(null, result.problem.title);
      return;
    }
    state.providers = (result.data.items || []).slice().sort((a, b) => String(a.id).localeCompare(String(b.id)));
    state.providers.forEach((p) => colourFor(p.id));
    clear(box);
    for (const p of state.providers) {
      box.append(el('label', {}, el('input', { type: 'checkbox', name: 'constraints.providers', value: p.id,
        onchange: fillRegionsSelect }), swatch(p.id), p.name || p.id));
    }
    fillRegionsSelect();
    fillProviderSelects();
    setCatalogState(state.providers, null);
  }

  function regionsOf(provider) {
    return (provider.regions || []).map((r) => (typeof r === 'string' ? { id: r, name: r } : r));
  }

  function fillRegionsSelect() {
    const select = $('#regions-select');
    const chosen = new Set($all('option:checked', select).map((o) => o.value));
    const providers = checkedValues($('#recommend-form'), 'constraints.providers');
    clear(select);
    for (const p of state.providers) {
      if (providers.length && !providers.includes(p.id)) continue;
      const group = el('optgroup', { label: p.name || p.id });
      for (const r of regionsOf(p)) {
        group.append(el('option', { value: r.id, selected: chosen.has(r.id) }, r.name && r.name !== r.id ? `${r.id} · ${r.name}` : r.id));
      }
      select.append(group);
    }
  }

  function fillProviderSelects() {
    const filter = $('#filter-provider');
    const estimate = $('#estimate-provider');
    for (const p of state.providers) {
      filter.append(el('option', { value: p.id }, p.name || p.id));
      estimate.append(el('option', { value: p.id }, p.name || p.id));
    }
    fillFilterRegions();
    onEstimateProviderChange();
  }

  function setCatalogState(providers, error) {
    const box = clear($('#catalog-state'));
    if (error) {
      box.append(el('span', { class: 'dot error' }), `Catalog unavailable: ${error}`);
      return;
    }
    const failing = providers.filter((p) => p.refresh && p.refresh.status === 'error');
    const latest = providers.map((p) => p.refresh && (p.refresh.last_success_at || p.refresh.last_attempt_at))
      .filter(Boolean).sort().pop();
    box.append(el('span', { class: `dot${failing.length ? ' error' : ''}` }),
      `${providers.length} providers`,
      failing.length ? ` · ${failing.length} failing refresh` : '',
      latest ? ` · prices refreshed ${latest.replace('T', ' ').replace(/:\d\dZ$/, ' UTC').replace(/Z$/, ' UTC')}` : '');
  }

  async function loadGpus() {
    const result = await apiAll('v1/gpus');
    if (!result.ok) {
      showProblem($('#gpus-problem'), result.problem);
      return;
    }
    state.gpuList = result.data.items;
    state.gpus = new Map(state.gpuList.map((g) => [g.id, g]));
    const select = $('#filter-gpu');
    for (const g of state.gpuList.slice().sort((a, b) => String(a.name).localeCompare(String(b.name)))) {
      select.append(el('option', { value: g.id }, g.name || g.id));
    }
    renderGpuTable();
  }

  /* Dense peak of one GPU at a precision, in TFLOPS (TOPS for integers), or NaN when it has no such figure. */
  function gpuPeak(gpu, precision, peakMetric) {
    if (!gpu) return NaN;
    const fields = PEAK_FIELDS[precision] || (peakMetric ? [peakMetric] : []);
    const values = fields.map((f) => gpu[f]).filter(isNum);
    return values.length ? Math.max(...values) : NaN;
  }

  /* ---------- models ---------- */

  /* Billions of parameters as the catalogue gives them, e.g. "70 B" or "671 B, 37 B active" for a mixture of experts. */
  function modelSize(m) {
    const total = `${num(m.params_b)} B`;
    return m.moe && isNum(m.active_params_b) && m.active_params_b < m.params_b
      ? `${total}, ${num(m.active_params_b)} B active` : total;
  }

  async function loadModels() {
    const result = await apiAll('v1/models');
    const select = $('#model-select');
    if (!result.ok) {
      $('#model-info').textContent = `Models unavailable (${result.problem.title}): size by parameter count.`;
      return;
    }
    const families = new Map();
    for (const m of result.data.items) {
      state.models.set(m.id, m);
      const family = m.family || 'other';
      if (!families.has(family)) families.set(family, []);
      families.get(family).push(m);
    }
    for (const family of [...families.keys()].sort()) {
      const members = families.get(family).sort((a, b) => (a.params_b - b.params_b) || String(a.id).localeCompare(String(b.id)));
      select.append(el('optgroup', { label: humanise(family), dataset: { family } },
        members.map((m) => el('option', { value: m.id, dataset: { params: m.params_b, active: m.active_params_b } },
          `${m.name || m.id} · ${modelSize(m)}`))));
    }
    onModelChange();
  }

  /* The benchmarks a job can be priced by (GET /v1/benchmarks): one option per benchmark, grouped by suite, with the
   * GPUs measured running it; the unit of work shows beside the work input. */
  async function loadBenchmarks() {
    const result = await apiAll('v1/benchmarks');
    const select = $('#benchmark-select');
    if (!result.ok) {
      $('#benchmark-info').textContent = `Benchmarks unavailable (${result.problem.title}).`;
      return;
    }
    const suites = new Map();
    for (const row of result.data.items) {
      const known = state.benchmarks.get(row.benchmark);
      if (known) { known.gpus.push(row.gpu.name); continue; }
      state.benchmarks.set(row.benchmark, { ...row, gpus: [row.gpu.name] });
      if (!suites.has(row.suite)) suites.set(row.suite, []);
      suites.get(row.suite).push(row.benchmark);
    }
    for (const suite of [...suites.keys()].sort()) {
      select.append(el('optgroup', { label: suite, dataset: { suite } },
        suites.get(suite).sort().map((id) => el('option', { value: id }, `${state.benchmarks.get(id).case} (${id})`))));
    }
    onBenchmarkChange();
  }

  function onBenchmarkChange() {
    const b = state.benchmarks.get($('#benchmark-select').value);
    $('#work-unit').textContent = b ? `${b.unit}s` : 'units of the benchmark';
    $('#benchmark-info').textContent = b ? `${b.suite} ${b.suite_version}, measured on ${b.gpus.join(', ')}; other GPUs are estimated.` : '';
  }

  /* A named model sizes the job from its architecture; the parameter count is then the model's own and is not sent
   * (the service refuses a count that disagrees with the model). */
  function onModelChange() {
    const form = $('#recommend-form');
    const id = form.elements['workload.model'].value;
    const params = form.elements['workload.model_params_b'];
    const info = $('#model-info');
    const m = state.models.get(id);
    if (!m) {
      params.disabled = false;
      if (params.dataset.custom !== undefined) {
        params.value = params.dataset.custom;
        delete params.dataset.custom;
      }
      info.textContent = id ? '' : 'Sized from the parameter count alone; the shape is estimated.';
      return;
    }
    if (params.dataset.custom === undefined) params.dataset.custom = params.value;
    params.value = m.params_b;
    params.disabled = true;
    info.textContent = [modelSize(m), m.attention ? `${String(m.attention).toUpperCase()}${isNum(m.kv_heads) ? ` with ${m.kv_heads} KV heads` : ''}` : null,
      isNum(m.layers) ? `${m.layers} layers` : null, isNum(m.max_context) ? `context ${num(m.max_context, 0)}` : null,
      m.moe && m.experts ? `${m.experts} experts, ${m.experts_per_token} per token` : null].filter(Boolean).join(' · ');
  }

  /* Shows the inputs that apply to the chosen kind; the others are disabled, so they are neither shown nor sent. */
  function updateKindGroups() {
    const form = $('#recommend-form');
    const kind = form.elements['workload.kind'].value;
    for (const group of $all('.kind-group', form)) {
      const on = group.dataset.kinds.split(' ').includes(kind);
      group.hidden = !on;
      group.disabled = !on;
    }
    const method = form.elements['workload.fine_tuning_method'].value;
    form.elements['workload.lora_rank'].disabled = kind !== 'fine_tuning' || method === 'full';
  }

  /* ---------- recommend ---------- */

  /* Numeric workload inputs sent as they are when filled; the kind groups' inputs only while their group is enabled. */
  const WORKLOAD_NUMBERS = ['model_params_b', 'tokens_b', 'batch_size', 'sequence_length', 'min_gpu_memory_gb', 'hours',
    'lora_rank', 'deadline_hours', 'checkpoint_interval_minutes', 'target_tokens_per_s', 'requests_per_s',
    'prompt_tokens', 'output_tokens', 'max_ttft_ms', 'work', 'target_rate', 'seats', 'seat_memory_gb'];
  const WORKLOAD_CHOICES = ['model', 'fine_tuning_method', 'kv_cache_precision', 'benchmark'];

  function buildRecommendRequest(form, localErrors) {
    const workload = { kind: form.elements['workload.kind'].value, precision: form.elements['workload.precision'].value };
    for (const key of WORKLOAD_CHOICES) {
      const input = form.elements[`workload.${key}`];
      if (input && !input.matches(':disabled') && input.value) workload[key] = input.value;
    }
    if (workload.benchmark) delete workload.precision; /* the benchmark's suite says what precision it ran at */
    for (const key of WORKLOAD_NUMBERS) {
      const input = form.elements[`workload.${key}`];
      if (input && input.matches(':disabled')) continue;
      setIf(workload, key, readNumber(form, `workload.${key}`, localErrors));
    }
    workload.latency_sensitive = form.elements['workload.latency_sensitive'].checked;
    workload.checkpointing = form.elements['workload.checkpointing'].checked;

    const constraints = {};
    setIf(constraints, 'providers', checkedValues(form, 'constraints.providers'));
    setIf(constraints, 'regions', $all('#regions-select option:checked').map((o) => o.value));
    setIf(constraints, 'pricing', checkedValues(form, 'constraints.pricing'));
    setIf(constraints, 'max_hourly_usd', readNumber(form, 'constraints.max_hourly_usd', localErrors));
    setIf(constraints, 'max_total_usd', readNumber(form, 'constraints.max_total_usd', localErrors));
    setIf(constraints, 'max_nodes', readNumber(form, 'constraints.max_nodes', localErrors));
    for (const key of ['require_ecc', 'require_nvlink', 'require_fp64']) {
      if (form.elements[`constraints.${key}`].checked) constraints[key] = true;
    }
    return mergeRequest({ workload, constraints, objective: form.elements.objective.value, limit: CHART_LIMIT }, state.extras);
  }

  /* A request with a delta merged in, as JSON merge patch (RFC 7396) merges: objects member by member, anything else
   * (arrays too) replaced, null removing the member. Neither argument is changed. */
  function mergeRequest(base, delta) {
    if (!delta || typeof delta !== 'object' || Array.isArray(delta)) return delta;
    const out = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
    for (const [key, value] of Object.entries(delta)) {
      if (value === null) delete out[key];
      else out[key] = value && typeof value === 'object' && !Array.isArray(value) ? mergeRequest(out[key], value) : value;
    }
    return out;
  }

  /* Sets the form's controls from a request delta (an alternative's request_delta) and returns what has no control. */
  function applyToForm(form, delta) {
    const left = {};
    for (const [section, members] of Object.entries(delta || {})) {
      if (!members || typeof members !== 'object' || Array.isArray(members)) {
        if (!setControl(form, section, members)) left[section] = members;
        continue;
      }
      for (const [key, value] of Object.entries(members)) {
        if (!setControl(form, `${section}.${key}`, value)) (left[section] = left[section] || {})[key] = value;
      }
    }
    return left;
  }

  /* One control by the request member it sends; false when the form has none for it. */
  function setControl(form, name, value) {
    if (name === 'constraints.regions') {
      const wanted = new Set(Array.isArray(value) ? value : []);
      for (const option of $all('#regions-select option')) option.selected = wanted.has(option.value);
      return Array.isArray(value) || value === null;
    }
    const inputs = $all(`[name="${CSS.escape(name)}"]`, form);
    if (!inputs.length) return false;
    if (inputs[0].type === 'checkbox') {
      if (!Array.isArray(value) && value !== null) {
        inputs[0].checked = value === true;
        return true;
      }
      const wanted = new Set(Array.isArray(value) ? value.map(String) : []);
      inputs.forEach((i) => { i.checked = wanted.has(i.value); });
      return true;
    }
    const input = inputs[0];
    const text = value === null || value === undefined ? '' : String(value);
    if (input.tagName === 'SELECT' && text && !$all('option', input).some((o) => o.value === text)) {
      input.append(el('option', { value: text }, text));
    }
    if (input.disabled && name === 'workload.model_params_b') return true; /* a named model's own count */
    input.value = text;
    return true;
  }

  function showExtras() {
    const box = clear($('#request-extras'));
    const flat = [];
    for (const [section, members] of Object.entries(state.extras)) {
      if (members && typeof members === 'object' && !Array.isArray(members)) {
        for (const [key, value] of Object.entries(members)) flat.push([`${section}.${key}`, value]);
      } else {
        flat.push([section, members]);
      }
    }
    box.hidden = !flat.length;
    if (!flat.length) return;
    appendChildren(box, [el('span', {}, 'Also sent, from an alternative: '),
      flat.map(([name, value], i) => [i ? ', ' : '', el('code', {}, `${name} = ${JSON.stringify(value)}`)]),
      ' ', el('button', { type: 'button', class: 'link', id: 'extras-clear',
        onclick: () => { state.extras = {}; showExtras(); } }, 'Clear')]);
  }

  async function submitRecommend(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const box = $('#recommend-problem');
    const localErrors = [];
    const request = buildRecommendRequest(form, localErrors);
    if (localErrors.length) {
      showProblem(box, { title: 'Some fields are not numbers', errors: localErrors }, form);
      return;
    }
    clearProblem(box, form);
    const button = $('#recommend-submit');
    button.disabled = true;
    $('#recommend-results').classList.add('loading');
    $('#recommend-results').setAttribute('aria-busy', 'true');
    const result = await api('POST', 'v1/recommend', request);
    button.disabled = false;
    $('#recommend-results').classList.remove('loading');
    $('#recommend-results').removeAttribute('aria-busy');
    if (!result.ok) {
      showProblem(box, result.problem, form);
      $('#recommend-output').classList.add('stale');
      focusProblem(box);
      return;
    }
    $('#recommend-output').classList.remove('stale');
    state.lastRecommend = { request, response: result.data };
    renderRecommendation(request, result.data, Number(form.elements.show.value) || 5);
  }

  function renderRecommendation(request, response, show) {
    $('#recommend-empty').hidden = true;
    $('#recommend-output').hidden = false;
    renderRequirements(response.requirements || {});
    const recs = Array.isArray(response.recommendations) ? response.recommendations : [];
    renderHints(response, recs.length);
    renderAnswerWarnings(response);
    renderRanking(recs.slice(0, show), response);
    renderRejections(response, recs.length);
    renderAlternatives(response);
    renderChart(request, response, recs, show);
  }

  // The non-empty sentences of a list member of the answer (hints, warnings); [] when it is missing.
  function sentences(list) {
    return (Array.isArray(list) ? list : []).filter((s) => typeof s === 'string' && s);
  }

  /* The service's hints name a constraint and the value that would let something fit; they lead the answer when
   * nothing fits, since they are what the user acts on next. */
  function renderHints(response, fitting) {
    const hints = sentences(response.hints);
    const panel = $('#hints-panel');
    panel.hidden = !hints.length;
    panel.classList.toggle('none', !fitting);
    $('#hints-title').textContent = fitting ? 'Hints' : 'Nothing fits: what to relax';
    clear($('#hints')).append(...hints.map((h) => el('li', {}, h)));
  }

  /* What holds for the whole answer (a provider's prices past the freshness limit, a model shape estimated from its
   * size) is said once here rather than on every pick. */
  function renderAnswerWarnings(response) {
    const warnings = sentences(response.warnings);
    $('#answer-warnings-panel').hidden = !warnings.length;
    clear($('#answer-warnings')).append(...warnings.map((w) => el('li', {}, w)));
  }

  const REQUIREMENT_LABELS = {
    kind: ['Workload', (v) => label(KIND_LABELS, v)],
    gpu_memory_gb: ['GPU memory needed', (v) => `${num(v, 1)} GB`],
    weights_gb: ['Weights', (v) => `${num(v, 1)} GB`],
    bytes_per_param: ['Bytes per parameter', (v) => num(v, 2)],
    bound: ['Limited by', (v) => String(v).replace(/_/g, ' ')],
    utilization: ['Utilisation assumed', (v) => `${num(v * 100, 0)} %`],
    utilisation: ['Utilisation assumed', (v) => `${num(v * 100, 0)} %`],
    job_hours: ['Job length', hours],
    max_nodes: ['Nodes at most', (v) => num(v, 0)],
    precision: ['Precision', (v) => String(v).toUpperCase()],
    peak_metric: ['Peak figure used', (v) => String(v).replace(/_/g, ' ')],
    flops: ['Compute', (v) => `${flops(v)} FLOP`],
    gpus: ['GPUs', (v) => num(v, 0)],
    hours: ['Job length', hours],
  };

  function renderRequirements(req) {
    const list = clear($('#requirements'));
    for (const [key, value] of Object.entries(req)) {
      if (key === 'formula' || value === null || typeof value === 'object') continue;
      const [name, format] = REQUIREMENT_LABELS[key] || [humanise(key), (v) => (isNum(v) ? num(v) : String(v))];
      list.append(el('div', { dataset: { key } }, el('dt', {}, name), el('dd', {}, format(value))));
    }
    const formula = $('#requirements-formula');
    formula.textContent = req.formula ? String(req.formula) : '';
    formula.hidden = !req.formula;
  }

  function renderRanking(recs, response) {
    const table = clear($('#ranking'));
    const considered = isNum(response.considered) ? response.considered : null;
    const rejectedTotal = Object.values(response.rejected || {}).filter(isNum).reduce((a, b) => a + b, 0);
    const total = (response.recommendations || []).length;
    $('#ranking-summary').textContent = [
      considered !== null ? `${num(considered, 0)} offers considered` : null,
      `${num(total, 0)}${total >= CHART_LIMIT ? '+' : ''} fit`,
      rejectedTotal ? `${num(rejectedTotal, 0)} rejected` : null,
      response.catalog_version ? `catalog ${String(response.catalog_version).slice(0, 8)}` : null,
    ].filter(Boolean).join(' · ');
    const metric = $('#ranking-metric');
    metric.textContent = response.score_metric ? `Ranked by ${response.score_metric}; a higher score is better.` : '';
    metric.hidden = !response.score_metric;
    if (!recs.length) {
      table.hidden = true;
      return;
    }
    table.hidden = false;
    const anyTime = recs.some((r) => isNum(r.estimated_hours));
    table.append(el('thead', {}, el('tr', {},
      el('th', { scope: 'col' }, '#'),
      el('th', { scope: 'col' }, 'Instance'),
      el('th', { scope: 'col' }, 'Provider · region'),
      el('th', { scope: 'col' }, 'Pricing'),
      el('th', { scope: 'col', class: 'num' }, 'Price'),
      anyTime ? el('th', { scope: 'col', class: 'num' }, 'Job cost · time') : null,
      el('th', { scope: 'col', class: 'num' }, 'Score'),
      el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Actions')))));
    const columns = anyTime ? 8 : 7;
    /* One tbody per recommendation: its figures, then a row with the reasons and warnings across the table. */
    for (const r of recs) {
      const gpu = r.gpu || {};
      const nodes = isNum(r.nodes) && r.nodes > 1 ? r.nodes : 1;
      const shape = `${nodes > 1 ? `${nodes} nodes × ` : ''}${num(r.gpu_count, 2)} × ${gpu.name || gpu.id || 'GPU'}`
        + (isNum(gpu.memory_gb) && !String(gpu.name || '').includes(`${num(gpu.memory_gb, 0)}GB`) ? ` (${num(gpu.memory_gb, 0)} GB)` : '');
      const body = el('tbody', { class: `rec${r.rank === 1 ? ' best' : ''}`, dataset: { rank: r.rank, provider: r.provider } });
      body.append(el('tr', { class: 'main' },
        el('td', {}, el('span', { class: 'rank' }, r.rank)),
        el('td', {}, el('span', { class: 'instance' }, r.instance_type), el('span', { class: 'sub' }, shape)),
        el('td', {}, swatch(r.provider), providerName(r.provider), el('span', { class: 'sub' }, r.region)),
        el('td', {}, pricingTag(r.pricing)),
        el('td', { class: 'num' }, el('strong', {}, `${usd(r.hourly_usd)}/h`),
          el('span', { class: 'sub' }, isNum(r.monthly_usd) ? `${usd(r.monthly_usd)}/month` : '')),
        anyTime ? el('td', { class: 'num' }, el('strong', {}, usd(r.estimated_total_usd)),
          el('span', { class: 'sub' }, hours(r.estimated_hours))) : null,
        el('td', { class: 'num score' }, isNum(r.score) ? num(r.score, 2) : '–'),
        el('td', { class: 'num' }, el('button', { type: 'button', class: 'secondary small', 'data-action': 'estimate',
          'aria-label': `Estimate ${r.instance_type} in ${r.region}`, onclick: () => openEstimate(r) }, 'Estimate'))));
      const why = [notes(r.reasons, 'reasons'), notes(r.warnings, 'warnings')].filter(Boolean);
      if (why.length) body.append(el('tr', { class: 'why' }, el('td'), el('td', { colspan: columns - 1 }, why)));
      body.append(el('tr', { class: 'details' }, el('td'), el('td', { colspan: columns - 1 }, recDetails(r))));
      table.append(body);
    }
  }

  function fact(key, name, value, sub, subClass) {
    return el('div', { dataset: { key } }, el('dt', {}, name),
      el('dd', {}, value, sub ? el('span', { class: `sub${subClass ? ` ${subClass}` : ''}` }, sub) : null));
  }
  /* Dollars per million tokens are fractions of a cent per thousand: four decimals keep offers apart. */
  function usdFine(x) {
    return isNum(x) ? `$${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}` : '–';
  }

  // One replica's layout: its GPUs, then each parallel split above 1 and the nodes it spans.
  function servingLayout(t) {
    const tensor = isNum(t.tensor_parallel) ? t.tensor_parallel : 1;
    const pipeline = isNum(t.pipeline_parallel) ? t.pipeline_parallel : 1;
    const gpus = tensor * pipeline;
    const splits = [`tensor ${num(tensor, 0)}`];
    if (pipeline > 1) splits.push(`pipeline ${num(pipeline, 0)}`);
    if (isNum(t.expert_parallel) && t.expert_parallel > 1) splits.push(`experts ${num(t.expert_parallel, 0)}`);
    if (isNum(t.nodes_per_replica) && t.nodes_per_replica > 1) splits.push(`${num(t.nodes_per_replica, 0)} nodes`);
    return `${num(gpus, 0)} GPU${gpus === 1 ? '' : 's'} (${splits.join(', ')})`;
  }

  /* The plan, the serving figures and the spot overhead of one recommendation, with its export buttons; the top pick's
   * open, the others folded to keep the table short. */
  function recDetails(r) {
    const sections = [];
    const plan = r.plan || {};
    const util = plan.utilization;
    sections.push(el('section', { class: 'plan', 'aria-label': 'Plan' }, el('h3', {}, 'Plan'), el('dl', { class: 'facts small' },
      fact('plan.nodes', 'Nodes', num(plan.nodes ?? r.nodes, 0)),
      fact('plan.total_gpus', 'GPUs', num(plan.total_gpus, 2)),
      util && isNum(util.value) ? fact('plan.utilization', 'Utilisation', `${num(util.value * 100, 1)} %`, util.why) : null,
      isNum(plan.wall_clock_hours) ? fact('plan.wall_clock_hours', 'Wall clock', `${num(plan.wall_clock_hours, 1)} h`,
        plan.wall_clock_hours >= 48 ? hours(plan.wall_clock_hours) : null) : null,
      isNum(plan.gpu_hours) ? fact('plan.gpu_hours', 'GPU time', `${num(plan.gpu_hours, 0)} GPU-hours`) : null,
      isNum(plan.deadline_hours) ? fact('plan.deadline_hours', 'Deadline', `${num(plan.deadline_hours, 1)} h`,
        plan.meets_deadline === true ? 'met' : plan.meets_deadline === false ? 'missed: the plan takes longer' : null,
        plan.meets_deadline === false ? 'err' : plan.meets_deadline === true ? 'ok' : null) : null)));
    const t = r.throughput;
    if (t) {
      sections.push(el('section', { class: 'throughput', 'aria-label': 'Serving' }, el('h3', {}, 'Serving'), el('dl', { class: 'facts small' },
        fact('throughput.tensor_parallel', 'Layout', servingLayout(t), 'per replica'),
        fact('throughput.replicas', 'Replicas', num(t.replicas, 2), isNum(t.batch_size) ? `batch ${num(t.batch_size, 0)} each` : null),
        fact('throughput.output_tokens_per_s', 'Output', `${num(t.output_tokens_per_s, 0)} tokens/s`,
          isNum(t.time_per_output_token_ms) && t.time_per_output_token_ms > 0 ? `${num(1000 / t.time_per_output_token_ms, 1)} per sequence${t.bound ? `, ${t.bound === 'compute' ? 'compute' : 'bandwidth'}-bound` : ''}` : null),
        fact('throughput.time_to_first_token_ms', 'First token', `${num(t.time_to_first_token_ms, 1)} ms`,
          isNum(t.prefill_tokens_per_s) ? `prefill ${num(t.prefill_tokens_per_s, 0)} tokens/s` : null),
        fact('throughput.usd_per_million_tokens', 'Per million tokens', usdFine(t.usd_per_million_tokens),
          isNum(t.load_tokens_per_s) ? `at ${num(t.load_tokens_per_s, 0)} tokens/s` : null),
        fact('throughput.request', 'Request', `${num(t.prompt_tokens, 0)} in, ${num(t.output_tokens, 0)} out`, 'tokens'))));
    }
    const w = r.work;
    if (w) {
      sections.push(el('section', { class: 'work', 'aria-label': 'Work' }, el('h3', {}, 'Unit of work'), el('dl', { class: 'facts small' },
        fact('work.rate_per_s', 'Rate', `${num(w.rate_per_s, 4)} ${w.unit}s/s`, `${w.rate_is}: ${w.rule}`),
        isNum(w.hours) ? fact('work.hours', 'Hours', `${num(w.hours, 2)} h`, isNum(w.work) ? `for ${num(w.work, 0)} ${w.unit}s` : null) : null,
        fact('work.usd_per_price_unit', `Per ${w.price_unit}`, usdFine(w.usd_per_price_unit), w.benchmark),
        fact('work.sources', 'Measured', (w.sources || []).map((s) => s.id).join(', ')))));
    }
    const seats = r.seats;
    if (seats) {
      sections.push(el('section', { class: 'seats', 'aria-label': 'Seats' }, el('h3', {}, 'Design seats'), el('dl', { class: 'facts small' },
        fact('seats.seats_per_instance', 'Per instance', `${num(seats.seats_per_instance, 0)} seats`, seats.sharing),
        fact('seats.instances', 'Instances', num(seats.instances, 0), seats.idle_seats > 0 ? `${num(seats.idle_seats, 0)} seats idle` : null),
        fact('seats.usd_per_seat_hour', 'Per seat-hour', usdFine(seats.usd_per_seat_hour), `${usd(seats.usd_per_seat_month)} per seat-month`))));
    }
    const sp = r.spot;
    if (sp) {
      sections.push(el('section', { class: 'spot', 'aria-label': 'Spot' }, el('h3', {}, 'Spot interruptions'), el('dl', { class: 'facts small' },
        fact('spot.interruption_rate_per_hour', 'Interruption rate', `${num(sp.interruption_rate_per_hour * 100, 2)} % per node-hour`,
          isNum(sp.fleet_interruption_rate_per_hour) ? `${num(sp.fleet_interruption_rate_per_hour, 3)} per hour for the fleet` : null),
        isNum(sp.expected_interruptions) ? fact('spot.expected_interruptions', 'Expected', `${num(sp.expected_interruptions, 1)} interruptions`) : null,
        isNum(sp.overhead_fraction) ? fact('spot.overhead_fraction', 'Overhead', `+${num(sp.overhead_fraction * 100, 1)} %`,
          'time and cost, included above') : null,
        isNum(sp.checkpoint_interval_minutes) ? fact('spot.checkpoint_interval_minutes', 'Checkpoints', `every ${num(sp.checkpoint_interval_minutes, 0)} min`,
          isNum(sp.restart_minutes) ? `${num(sp.restart_minutes, 0)} min to restart` : null) : null,
        sp.rate_source || sp.source ? fact('spot.rate_source', 'Rate from', sp.rate_source || sp.source) : null)));
    }
    const exportBox = r.export ? exportBar(r) : null;
    return el('details', { class: 'rec-more', open: r.rank === 1 },
      el('summary', {}, [t ? 'Plan, serving' : 'Plan', w ? 'unit of work' : null, seats ? 'seats' : null, sp ? 'spot overhead' : null, exportBox ? 'export' : null].filter(Boolean).join(', ')),
      el('div', { class: 'rec-sections' }, sections), exportBox);
  }

  const EXPORT_LABELS = { skypilot: 'SkyPilot', terraform: 'Terraform', kubernetes: 'Kubernetes' };
  function exportBar(r) {
    const formats = Array.isArray(r.export.formats) && r.export.formats.length ? r.export.formats : Object.keys(EXPORT_LABELS);
    const status = el('p', { class: 'export-status small', role: 'status' });
    const pre = el('pre', { class: 'export-text', tabindex: 0, hidden: true, 'aria-label': 'Exported configuration' });
    const box = el('div', { class: 'export', dataset: { rank: r.rank } },
      el('span', { class: 'small muted' }, 'Export and copy: '),
      formats.map((f) => el('button', { type: 'button', class: 'secondary small', dataset: { format: f },
        'aria-label': `Copy ${label(EXPORT_LABELS, f)} for ${r.instance_type}`,
        onclick: (ev) => exportRecommendation(r, f, ev.currentTarget, status, pre) }, label(EXPORT_LABELS, f))),
      status, pre);
    return box;
  }

  /* Asks the service for the text (the request the recommendation carries, with the chosen format), shows it, and
   * copies it. The copy can be refused (permissions, a page served over plain HTTP has no clipboard API): the text
   * is then selected in the <pre> for the user to copy. */
  async function exportRecommendation(r, format, button, status, pre) {
    const exp = r.export;
    button.disabled = true;
    status.className = 'export-status small';
    status.textContent = `Asking for ${label(EXPORT_LABELS, format)}…`;
    const path = String(exp.href || '/v1/export').replace(/^\/+/, '');
    const result = await apiText(exp.method || 'POST', path, { ...exp.body, format });
    button.disabled = false;
    if (!result.ok) {
      status.classList.add('err');
      const problem = result.problem;
      const messages = (Array.isArray(problem.errors) ? problem.errors : []).map((e) => e && e.message).filter(Boolean);
      status.textContent = `Export failed: ${[problem.title, ...(messages.length ? messages : [problem.detail])].filter(Boolean).join(': ')}`;
      pre.hidden = true;
      return;
    }
    pre.textContent = result.text;
    pre.dataset.format = format;
    pre.hidden = false;
    let copied = false, why = '';
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error('no clipboard access on this page');
      await navigator.clipboard.writeText(result.text);
      copied = true;
    } catch (err) {
      why = err && err.message ? err.message : String(err);
    }
    status.dataset.copied = String(copied);
    if (copied) {
      status.classList.add('ok');
      status.textContent = `${label(EXPORT_LABELS, format)} copied to the clipboard.`;
      return;
    }
    status.textContent = `Could not copy (${why}): the text below is selected; press Ctrl+C to copy it.`;
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    pre.focus();
  }

  const CHANGE_LABELS = { precision: 'Precision', qlora: 'QLoRA', spot: 'Spot', commitment: 'Commitment',
    more_nodes: 'More nodes', serve_split: 'Split serving' };

  /* Alternatives: a change to the request, its pick, and what it saves against the top pick (negative: costs more). */
  function renderAlternatives(response) {
    const alternatives = Array.isArray(response.alternatives) ? response.alternatives.filter((a) => a && typeof a === 'object') : [];
    const list = clear($('#alternatives'));
    $('#alternatives-panel').hidden = !alternatives.length;
    alternatives.forEach((a, i) => {
      const r = a.recommendation || {};
      const nodes = isNum(r.nodes) ? r.nodes : 1;
      const saving = isNum(a.saving_usd) ? a.saving_usd : null;
      const fraction = isNum(a.saving_fraction) ? ` (${num(Math.abs(a.saving_fraction) * 100, 1)} %)` : '';
      const savingText = saving === null ? null : saving > 0 ? `Saves ${usd(saving)}${fraction}`
        : saving < 0 ? `Costs ${usd(-saving)}${fraction} more` : 'Costs the same';
      list.append(el('li', { class: 'alternative', dataset: { change: a.change || '', index: i } },
        el('div', { class: 'alt-head' }, el('span', { class: 'tag' }, label(CHANGE_LABELS, a.change || 'change')),
          el('span', { class: 'alt-description' }, a.description || '')),
        el('div', { class: 'alt-pick' },
          r.provider ? [swatch(r.provider), providerName(r.provider), ' · '] : null,
          el('span', { class: 'instance' }, r.instance_type || '–'),
          r.region ? ` · ${r.region}` : '', ' ', r.pricing ? pricingTag(r.pricing) : null,
          ` · ${num(nodes, 0)} node${nodes === 1 ? '' : 's'}`,
          isNum(r.gpus_total) ? `, ${num(r.gpus_total, 2)} GPUs` : ''),
        el('div', { class: 'alt-figures' },
          isNum(r.hourly_usd) ? el('span', { dataset: { key: 'hourly_usd' } }, `${usd(r.hourly_usd)}/h`) : null,
          isNum(r.estimated_total_usd) ? el('span', { dataset: { key: 'estimated_total_usd' } },
            `${usd(r.estimated_total_usd)}${isNum(r.estimated_hours) ? ` for ${num(r.estimated_hours, 1)} h` : ''}`) : null,
          savingText ? el('strong', { class: `saving ${saving > 0 ? 'ok' : saving < 0 ? 'err' : ''}`, dataset: { key: 'saving' } }, savingText) : null,
          isNum(a.break_even_hours) ? el('span', { dataset: { key: 'break_even_hours' } },
            `Pays off after ${num(a.break_even_hours, 0)} h of use${a.break_even_hours >= 48 ? ` (${hours(a.break_even_hours)})` : ''}`) : null),
        a.request_delta && typeof a.request_delta === 'object'
          ? el('button', { type: 'button', class: 'secondary small', 'data-action': 'try',
            'aria-label': `Try it: ${a.description || a.change}`, onclick: () => tryAlternative(a) }, 'Try it') : null));
    });
  }

  /* Puts an alternative's request_delta into the form (what the form has no control for is kept beside it and sent
   * too) and asks again, so the user sees the alternative as a request of their own and can change it further. */
  function tryAlternative(a) {
    const form = $('#recommend-form');
    const left = applyToForm(form, a.request_delta);
    state.extras = mergeRequest(state.extras, left) || {};
    onModelChange();
    updateKindGroups();
    fillRegionsSelect();
    showExtras();
    form.requestSubmit();
  }

  function notes(list, kind) {
    if (!Array.isArray(list) || !list.length) return null;
    return el('ul', { class: `notes ${kind}`, 'aria-label': kind === 'reasons' ? 'Reasons' : 'Warnings' },
      list.map((text) => el('li', {}, text)));
  }

  function renderRejections(response, fitting) {
    const box = clear($('#rejections'));
    const rejected = Object.entries(response.rejected || {}).filter(([, n]) => isNum(n) && n > 0).sort((a, b) => b[1] - a[1]);
    box.className = `rejections${fitting ? '' : ' none'}`;
    if (!fitting) {
      box.append(el('strong', {}, 'No offer fits this workload and these constraints.'),
        el('p', {}, 'Relax the constraints that reject the most offers:'));
    } else if (!rejected.length) {
      return;
    } else {
      box.append(el('h3', {}, 'Offers set aside'));
    }
    if (!rejected.length) {
      box.append(el('p', { class: 'muted' }, 'The service gave no rejection counts.'));
      return;
    }
    box.append(el('table', { class: 'data', id: 'rejections-table' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Reason'), el('th', { scope: 'col', class: 'num' }, 'Offers'))),
      el('tbody', {}, rejected.map(([reason, count]) => el('tr', {}, el('td', {}, humanise(reason)),
        el('td', { class: 'num' }, num(count, 0)))))));
  }

  /* ---------- the chart ---------- */

  /* The chart's axes follow what the workload is bound by. A job of known size (tokens): job cost against job time.
   * Serving with throughput figures (a model was named or estimated): decode tokens/s against the price of a million
   * tokens (the hourly price where that is missing). Memory-bound serving without them: hourly price against memory
   * bandwidth, which sets decode speed. Otherwise hourly price against effective peak compute (GPU peak at the
   * workload's precision x GPUs per node x nodes). `better` says which way each axis improves, for the frontier. */
  function chartMode(request, response, recs) {
    const req = response.requirements || {};
    const precision = req.precision || request.workload.precision;
    const unit = precision === 'int8' || precision === 'int4' ? 'TOPS' : 'TFLOPS';
    const nodesOf = (r) => (isNum(r.nodes) && r.nodes > 0 ? r.nodes : 1);
    const gpusOf = (r) => (isNum(r.gpu_count) ? r.gpu_count : 1) * nodesOf(r);
    if (recs.length > 0 && recs.every((r) => isNum(r.estimated_hours) && r.estimated_hours > 0
      && isNum(r.estimated_total_usd) && r.estimated_total_usd > 0)) {
      return { name: 'job', title: 'Job cost against job time', xTitle: 'Job time (hours)', yTitle: 'Job cost (USD)',
        x: (r) => r.estimated_hours, y: (r) => r.estimated_total_usd, better: { x: -1, y: -1 },
        xTick: (t) => num(t), yTick: usdTick, frontier: 'quicker and cheaper', missing: 'without a job estimate',
        describe: (p) => `Job: ${hours(p.x)}, ${usd(p.y)}` };
    }
    const served = recs.filter((r) => r.throughput && isNum(r.throughput.output_tokens_per_s));
    if (served.length) {
      const perToken = served.every((r) => isNum(r.throughput.usd_per_million_tokens));
      return { name: 'throughput', title: perToken ? 'Throughput against cost per token' : 'Throughput against price',
        xTitle: perToken ? 'Price per million tokens (USD)' : 'Price per hour (USD)',
        yTitle: 'Output throughput (tokens/s, all replicas, prefill counted)',
        x: (r) => (r.throughput ? (perToken ? r.throughput.usd_per_million_tokens : r.hourly_usd) : NaN),
        y: (r) => (r.throughput ? r.throughput.output_tokens_per_s : NaN), better: { x: -1, y: 1 },
        xTick: usdTick, yTick: (t) => num(t), frontier: 'cheaper and faster', missing: 'without serving figures',
        describe: (p) => `${num(p.y, 0)} tokens/s · ${perToken ? `${usdFine(p.x)} per million tokens` : `${usd(p.x)}/h`}` };
    }
    if (req.bound === 'memory_bandwidth') {
      return { name: 'bandwidth', title: 'Price against memory bandwidth', xTitle: 'Memory bandwidth (GB/s, all GPUs)',
        yTitle: 'Price per hour (USD)',
        x: (r) => { const g = state.gpus.get(r.gpu && r.gpu.id); return g ? g.memory_bandwidth_gb_per_s * gpusOf(r) : NaN; },
        y: (r) => r.hourly_usd, better: { x: 1, y: -1 }, xTick: (t) => num(t), yTick: usdTick,
        frontier: 'faster and cheaper', missing: 'without a bandwidth figure',
        describe: (p) => `${num(p.x, 0)} GB/s · ${usd(p.y)} per hour` };
    }
    const peakMetric = req.peak_metric;
    return { name: 'peak', title: 'Price against performance', unit,
      xTitle: `Effective peak ${unit} at ${String(precision).toUpperCase()}`, yTitle: 'Price per hour (USD)',
      x: (r) => gpuPeak(state.gpus.get(r.gpu && r.gpu.id), precision, peakMetric) * gpusOf(r),
      y: (r) => r.hourly_usd, better: { x: 1, y: -1 }, xTick: (t) => num(t), yTick: usdTick,
      frontier: 'faster and cheaper', missing: 'without a figure at this precision',
      describe: (p) => `${num(p.x)} ${unit} peak · ${usd(p.y)} per hour` };
  }

  function chartPoints(request, response, recs, show) {
    const mode = chartMode(request, response, recs);
    const points = [];
    let skipped = 0;
    for (const r of recs) {
      const x = mode.x(r), y = mode.y(r);
      if (!isNum(x) || !isNum(y) || x <= 0 || y <= 0) {
        skipped++;
        continue;
      }
      points.push({ x, y, rec: r, highlighted: r.rank <= show });
    }
    return { points, skipped, mode, xTitle: mode.xTitle, yTitle: mode.yTitle };
  }

  /* Axis scale: logarithmic when the values span more than a factor of 20 (GPU prices and peaks span two decades),
   * else linear; domain padded so points never sit on the frame. */
  function makeScale(values, from, to) {
    let min = Math.min(...values), max = Math.max(...values);
    const log = min > 0 && max / min > 20;
    if (log) {
      const lo = Math.log10(min) - 0.08, hi = Math.log10(max) + 0.08;
      const f = (v) => from + (Math.log10(v) - lo) / (hi - lo) * (to - from);
      return { f, log, ticks: logTicks(10 ** lo, 10 ** hi) };
    }
    if (min === max) { min = min * 0.8; max = max * 1.2 || 1; }
    const pad = (max - min) * 0.08;
    const ticks = linearTicks(Math.max(0, min - pad), max + pad);
    const lo = Math.min(ticks[0], Math.max(0, min - pad)), hi = Math.max(ticks[ticks.length - 1], max + pad);
    const f = (v) => from + (v - lo) / (hi - lo) * (to - from);
    return { f, log, ticks: ticks.filter((t) => t >= lo && t <= hi) };
  }
  function linearTicks(lo, hi) {
    const rough = (hi - lo) / 6;
    const mag = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= rough) || 10 * mag;
    const ticks = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
    return ticks;
  }
  function logTicks(lo, hi) {
    const ticks = [];
    for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
      for (const m of [1, 2, 5]) {
        const t = m * 10 ** e;
        if (t >= lo && t <= hi) ticks.push(Number(t.toPrecision(12)));
      }
    }
    return ticks;
  }

  function renderChart(request, response, recs, show) {
    const figure = clear($('#chart'));
    const data = chartPoints(request, response, recs, show);
    const summary = $('#chart-summary');
    if (!data.points.length) {
      summary.textContent = '';
      figure.append(el('p', { class: 'muted' }, recs.length
        ? `The offers that fit have no figures to plot (${data.mode.missing}).`
        : 'Nothing to plot: no offer fits.'));
      return;
    }
    $('#chart-title').textContent = data.mode.title;
    figure.dataset.mode = data.mode.name;
    summary.textContent = `${recs.length >= CHART_LIMIT ? `the ${data.points.length} best-ranked` : data.points.length} offers that fit`
      + (data.skipped ? `; ${data.skipped} ${data.mode.missing} are not plotted` : '');

    const W = 880, H = 420, M = { left: 78, right: 24, top: 16, bottom: 52 };
    const xs = makeScale(data.points.map((p) => p.x), M.left, W - M.right);
    const ys = makeScale(data.points.map((p) => p.y), H - M.bottom, M.top);
    const svg = el('svg:svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', id: 'chart-svg',
      'aria-label': `${data.yTitle} against ${data.xTitle}: ${data.points.length} offers, `
        + `${data.points.filter((p) => p.highlighted).length} recommended, highlighted and numbered by rank.` });

    const grid = el('svg:g', { class: 'grid' });
    const axes = el('svg:g', { class: 'axis' });
    for (const t of xs.ticks) {
      const x = xs.f(t);
      grid.append(el('svg:line', { x1: x, x2: x, y1: M.top, y2: H - M.bottom }));
      axes.append(el('svg:text', { x, y: H - M.bottom + 16, 'text-anchor': 'middle' }, data.mode.xTick(t)));
    }
    for (const t of ys.ticks) {
      const y = ys.f(t);
      grid.append(el('svg:line', { x1: M.left, x2: W - M.right, y1: y, y2: y }));
      axes.append(el('svg:text', { x: M.left - 8, y: y + 4, 'text-anchor': 'end' }, data.mode.yTick(t)));
    }
    axes.append(el('svg:path', { d: `M${M.left},${M.top}V${H - M.bottom}H${W - M.right}`, fill: 'none' }));
    axes.append(el('svg:text', { class: 'axis-title x-title', x: (M.left + W - M.right) / 2, y: H - 12, 'text-anchor': 'middle' },
      data.xTitle + (xs.log ? ' · log scale' : '')));
    axes.append(el('svg:text', { class: 'axis-title y-title', transform: `translate(16 ${(M.top + H - M.bottom) / 2}) rotate(-90)`,
      'text-anchor': 'middle' }, data.yTitle + (ys.log ? ' · log scale' : '')));
    svg.append(grid, axes);

    /* The cheaper-and-faster frontier: offers no other offer beats on both axes, joined by a dashed line. */
    const frontier = paretoFrontier(data.points, data.mode.better);
    if (frontier.length > 1) {
      svg.append(el('svg:path', { class: 'frontier', fill: 'none', stroke: '#8a97a8', 'stroke-dasharray': '4 4',
        d: frontier.map((p, i) => `${i ? 'L' : 'M'}${xs.f(p.x).toFixed(1)},${ys.f(p.y).toFixed(1)}`).join('') }));
    }

    const layer = el('svg:g', { class: 'points' });
    const labels = el('svg:g', { class: 'labels' });
    const placed = [];
    const ordered = data.points.slice().sort((a, b) => (a.highlighted - b.highlighted) || (b.rec.rank - a.rec.rank));
    for (const p of ordered) {
      const r = p.rec;
      const cx = xs.f(p.x), cy = ys.f(p.y);
      const text = `#${r.rank} ${r.instance_type} · ${providerName(r.provider)} ${r.region} · ${label(PRICING_LABELS, r.pricing)}`
        + ` · ${data.mode.describe(p)}`;
      const circle = el('svg:circle', {
        class: `point${p.highlighted ? ' recommended' : ''}`, cx: cx.toFixed(1), cy: cy.toFixed(1),
        r: p.highlighted ? 7 : 4.5, fill: colourFor(r.provider), tabindex: p.highlighted ? 0 : null,
        'aria-label': p.highlighted ? text : null,
        dataset: { rank: r.rank, provider: r.provider, instance: r.instance_type, region: r.region, pricing: r.pricing,
          x: p.x, y: p.y, recommended: p.highlighted ? 'true' : 'false' },
      }, el('svg:title', {}, text));
      circle.addEventListener('mouseenter', (e) => showTip(e, r, p, data));
      circle.addEventListener('mousemove', moveTip);
      circle.addEventListener('mouseleave', hideTip);
      circle.addEventListener('focus', (e) => showTip(e, r, p, data));
      circle.addEventListener('blur', hideTip);
      layer.append(circle);
      if (p.highlighted) {
        const spot = labelSpot(placed, cx, cy, String(r.rank).length * 7 + 2, W - M.right);
        labels.append(el('svg:text', { class: 'rank-label', x: spot.x.toFixed(1), y: spot.y.toFixed(1) }, r.rank));
      }
    }
    svg.append(layer, labels);
    figure.append(svg);

    const providers = [...new Set(data.points.map((p) => p.rec.provider))].sort();
    figure.append(el('figcaption', { class: 'legend', id: 'chart-legend' },
      providers.map((id) => el('span', { dataset: { provider: id } }, swatch(id), providerName(id))),
      el('span', {}, el('span', { class: 'ring' }), 'recommended, numbered by rank'),
      frontier.length > 1 ? el('span', {}, el('svg:svg', { width: 22, height: 8, 'aria-hidden': 'true' },
        el('svg:line', { x1: 0, x2: 22, y1: 4, y2: 4, stroke: '#8a97a8', 'stroke-dasharray': '4 4' })),
      '\u00a0frontier: no other offer is both ', data.mode.frontier) : null));
  }

  /* A place for a rank label near (cx, cy) that overlaps none placed before: right of the point, else stepped
   * around it. Boxes are approximate (11 px text). */
  function labelSpot(placed, cx, cy, width, maxX) {
    const height = 12;
    const tries = [[9, -6], [9, 8], [-9 - width, -6], [-9 - width, 8], [9, -18], [9, 20], [-9 - width, -18], [-9 - width, 20],
      [-width / 2, -12], [-width / 2, 22]];
    for (const [dx, dy] of tries) {
      const x = cx + dx, y = cy + dy;
      if (x + width > maxX) continue;
      const box = { x, y: y - height + 2, w: width, h: height };
      if (placed.some((b) => box.x < b.x + b.w && b.x < box.x + box.w && box.y < b.y + b.h && b.y < box.y + box.h)) continue;
      placed.push(box);
      return { x, y };
    }
    placed.push({ x: cx + 9, y: cy - 16, w: width, h: height });
    return { x: cx + 9, y: cy - 6 };
  }

  /* Points no other point dominates (at least as good on both axes and better on one), in the directions `better`
   * gives (+1: more is better), sorted along x for drawing. At most CHART_LIMIT points, so pairwise is cheap. */
  function paretoFrontier(points, better) {
    const score = (p) => [p.x * better.x, p.y * better.y];
    const frontier = points.filter((p) => {
      const [px, py] = score(p);
      return !points.some((q) => {
        const [qx, qy] = score(q);
        return q !== p && qx >= px && qy >= py && (qx > px || qy > py);
      });
    });
    return frontier.sort((a, b) => a.x - b.x || a.y - b.y);
  }

  let tip = null;
  function showTip(event, r, p, data) {
    hideTip();
    const gpu = r.gpu || {};
    tip = el('div', { class: 'chart-tip', role: 'presentation' },
      el('b', {}, `#${r.rank} ${r.instance_type}`),
      `${providerName(r.provider)} · ${r.region} · ${label(PRICING_LABELS, r.pricing)}`, el('br'),
      `${isNum(r.nodes) && r.nodes > 1 ? `${r.nodes} nodes × ` : ''}${num(r.gpu_count, 2)} × ${gpu.name || gpu.id || ''}`, el('br'),
      data.mode.describe(p));
    document.body.append(tip);
    if (event.type === 'focus') {
      const box = event.target.getBoundingClientRect();
      placeTip(box.right, box.top);
    } else {
      moveTip(event);
    }
  }
  function moveTip(event) { if (tip) placeTip(event.clientX, event.clientY); }
  function placeTip(x, y) {
    const w = tip.offsetWidth, h = tip.offsetHeight;
    tip.style.left = `${Math.min(x + 12, window.innerWidth - w - 8)}px`;
    tip.style.top = `${Math.max(8, y - h - 10)}px`;
  }
  function hideTip() { if (tip) { tip.remove(); tip = null; } }

  /* ---------- estimate ---------- */

  const estimateInstances = new Map(); /* provider -> Map(instance_type -> Set(region)) */

  async function onEstimateProviderChange() {
    const provider = $('#estimate-provider').value;
    fillEstimateRegions();
    if (!provider || estimateInstances.has(provider)) {
      fillEstimateInstances();
      return;
    }
    const result = await apiAll(`v1/instances?provider=${encodeURIComponent(provider)}`, 10);
    const byType = new Map();
    if (result.ok) {
      for (const item of result.data.items) {
        if (!byType.has(item.instance_type)) byType.set(item.instance_type, new Set());
        byType.get(item.instance_type).add(item.region);
      }
    }
    estimateInstances.set(provider, byType);
    if ($('#estimate-provider').value === provider) {
      fillEstimateInstances();
      fillEstimateRegions();
    }
  }
  function fillEstimateInstances() {
    const list = clear($('#estimate-instances'));
    const byType = estimateInstances.get($('#estimate-provider').value);
    if (!byType) return;
    for (const type of [...byType.keys()].sort()) list.append(el('option', { value: type }));
  }
  /* The regions of the chosen provider, narrowed to those that sell the chosen instance type when that is known. */
  function fillEstimateRegions(wanted) {
    const select = $('#estimate-region');
    const keep = wanted || select.value;
    clear(select);
    const provider = state.providers.find((p) => p.id === $('#estimate-provider').value);
    const byType = estimateInstances.get($('#estimate-provider').value);
    const sells = byType && byType.get($('#estimate-instance').value.trim());
    const regions = provider ? regionsOf(provider) : [];
    for (const r of regions) {
      if (sells && !sells.has(r.id)) continue;
      select.append(el('option', { value: r.id, selected: r.id === keep }, r.name && r.name !== r.id ? `${r.id} · ${r.name}` : r.id));
    }
    if (keep && !$all('option', select).some((o) => o.value === keep)) {
      select.append(el('option', { value: keep, selected: true }, keep));
    }
  }

  function setDurationMode(mode) {
    $all('input[name="duration"]').forEach((i) => { i.checked = i.value === mode; });
    $('#duration-months').hidden = mode !== 'months';
    $('#duration-hours').hidden = mode !== 'hours';
  }

  /* Opens the estimate view for a recommendation: its instance and region, as many instances as it has nodes, and the
   * job's length when the service estimated one (else one month, always on). */
  function openEstimate(rec) {
    const form = $('#estimate-form');
    $('#estimate-provider').value = rec.provider;
    if ($('#estimate-provider').value !== rec.provider) {
      $('#estimate-provider').append(el('option', { value: rec.provider, selected: true }, rec.provider));
    }
    $('#estimate-instance').value = rec.instance_type;
    form.elements['items[0].count'].value = isNum(rec.nodes) && rec.nodes > 0 ? rec.nodes : 1;
    /* The API takes whole hours (at most ten years) or whole months; a job is rounded up to the next hour. */
    if (isNum(rec.estimated_hours) && rec.estimated_hours > 0 && rec.estimated_hours <= MAX_ESTIMATE_HOURS) {
      setDurationMode('hours');
      form.elements['items[0].hours'].value = Math.max(1, Math.ceil(rec.estimated_hours - 1e-9));
    } else if (isNum(rec.estimated_hours) && rec.estimated_hours > MAX_ESTIMATE_HOURS) {
      setDurationMode('months');
      form.elements['items[0].months'].value = Math.ceil(rec.estimated_hours / HOURS_PER_MONTH);
      form.elements['items[0].hours_per_month'].value = HOURS_PER_MONTH;
    } else {
      setDurationMode('months');
      form.elements['items[0].months'].value = 1;
      form.elements['items[0].hours_per_month'].value = 730;
    }
    $all('input[name="pricing"]', form).forEach((i) => { i.checked = false; });
    fillEstimateRegions(rec.region);
    onEstimateProviderChange().then(() => fillEstimateRegions(rec.region));
    selectTab('estimate');
    form.requestSubmit();
    $('#estimate-submit').focus();
  }

  function buildEstimateRequest(form, localErrors) {
    const item = {
      provider: form.elements['items[0].provider'].value,
      instance_type: form.elements['items[0].instance_type'].value.trim(),
      region: form.elements['items[0].region'].value,
    };
    setIf(item, 'count', readNumber(form, 'items[0].count', localErrors));
    if (form.querySelector('input[name="duration"]:checked').value === 'hours') {
      setIf(item, 'hours', readNumber(form, 'items[0].hours', localErrors));
    } else {
      setIf(item, 'months', readNumber(form, 'items[0].months', localErrors));
      setIf(item, 'hours_per_month', readNumber(form, 'items[0].hours_per_month', localErrors));
    }
    /* Without a choice, every model is asked for, so the table says which ones this offer has no price for. */
    const chosen = checkedValues(form, 'pricing');
    return { items: [item], pricing: chosen.length ? chosen : PRICING_ORDER.slice() };
  }

  async function submitEstimate(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const box = $('#estimate-problem');
    const localErrors = [];
    const request = buildEstimateRequest(form, localErrors);
    if (localErrors.length) {
      showProblem(box, { title: 'Some fields are not numbers', errors: localErrors }, form);
      return;
    }
    clearProblem(box, form);
    $('#estimate-submit').disabled = true;
    const result = await api('POST', 'v1/estimate', request);
    $('#estimate-submit').disabled = false;
    if (!result.ok) {
      showProblem(box, result.problem, form);
      $('#estimate-output').classList.add('stale');
      focusProblem(box);
      return;
    }
    $('#estimate-output').classList.remove('stale');
    renderEstimate(request, result.data);
  }

  function renderEstimate(request, response) {
    $('#estimate-empty').hidden = true;
    $('#estimate-output').hidden = false;
    const item = (response.items || [])[0] || {};
    const asked = request.items[0];
    const byPricing = item.by_pricing || {};
    const models = Object.keys(byPricing).sort((a, b) => orderOf(a) - orderOf(b));
    const available = (m) => byPricing[m] && byPricing[m].available !== false && isNum(byPricing[m].total_usd);
    const months = asked.months;
    const duration = isNum(asked.hours) ? `${num(asked.hours, 0)} h`
      : `${num(months)} ${months === 1 ? 'month' : 'months'} × ${num(isNum(asked.hours_per_month) ? asked.hours_per_month : HOURS_PER_MONTH)} h`;
    const gpu = item.gpu ? ` (${num(item.gpu.count, 2)} × ${item.gpu.name || item.gpu.id} each)` : '';
    $('#estimate-summary').textContent = `${num(asked.count || 1, 0)} × ${asked.instance_type}${gpu} · ${providerName(asked.provider)} `
      + `${asked.region} · ${duration}${isNum(item.utilisation_pct) && item.utilisation_pct < 100 ? ` · ${pct(item.utilisation_pct)} utilisation` : ''}`;
    const table = clear($('#estimate-table'));
    const hasBreakEven = models.some((m) => available(m) && isNum(byPricing[m].break_even_utilisation_pct));
    const columns = hasBreakEven ? 6 : 5;
    table.append(el('thead', {}, el('tr', {},
      el('th', { scope: 'col' }, 'Pricing model'),
      el('th', { scope: 'col', class: 'num' }, 'Per hour'),
      el('th', { scope: 'col', class: 'num' }, 'Per month'),
      el('th', { scope: 'col', class: 'num' }, 'Total'),
      el('th', { scope: 'col', class: 'num' }, 'Saving vs on-demand'),
      hasBreakEven ? el('th', { scope: 'col', class: 'num' }, 'Pays off above utilisation') : null)));
    const body = el('tbody');
    const cheapest = models.filter(available)
      .reduce((best, m) => (best === null || byPricing[m].total_usd < byPricing[best].total_usd ? m : best), null);
    for (const m of models) {
      const row = byPricing[m];
      if (!available(m)) {
        body.append(el('tr', { class: 'unavailable', dataset: { pricing: m, available: 'false' } },
          el('th', { scope: 'row' }, pricingTag(m)),
          el('td', { colspan: columns - 1, class: 'muted' }, row.reason || 'No price in the catalog.')));
        continue;
      }
      const commitment = isNum(row.commitment_total_usd) && row.commitment_total_usd > row.total_usd + 0.005;
      body.append(el('tr', { class: m === cheapest ? 'best' : null, dataset: { pricing: m, available: 'true' } },
        el('th', { scope: 'row' }, pricingTag(m), m === cheapest && models.filter(available).length > 1
          ? el('span', { class: 'sub' }, 'lowest total') : null),
        el('td', { class: 'num' }, usd(row.hourly_usd)),
        el('td', { class: 'num' }, usd(row.monthly_usd)),
        el('td', { class: 'num' }, el('strong', {}, usd(row.total_usd)),
          commitment ? el('span', { class: 'sub' }, `${usd(row.commitment_total_usd)} for the whole term`) : null),
        el('td', { class: 'num' }, m === 'on_demand' ? '–' : committedSaving(row)),
        hasBreakEven ? el('td', { class: 'num' }, pct(row.break_even_utilisation_pct), paysAfter(row)) : null));
      if (Array.isArray(row.warnings) && row.warnings.length) {
        body.append(el('tr', { class: 'why' }, el('td'), el('td', { colspan: columns - 1 }, notes(row.warnings, 'warnings'))));
      }
    }
    if (!models.length) {
      body.append(el('tr', {}, el('td', { colspan: columns, class: 'muted' }, 'No price is known for this instance type in this region.')));
    }
    table.append(body);

    const bars = clear($('#estimate-bars'));
    const max = Math.max(...models.filter(available).map((m) => byPricing[m].total_usd), 0);
    if (max > 0) {
      for (const m of models.filter(available)) {
        const total = byPricing[m].total_usd;
        bars.append(el('span', {}, label(PRICING_LABELS, m)),
          el('div', {}, el('div', { class: `bar ${m}`, style: `width:${(100 * total / max).toFixed(1)}%` })),
          el('span', { class: 'value' }, usd(total)));
      }
    }
    $('#estimate-note').textContent = [
      'On-demand and spot are paid for the hours used. Reserved and savings-plan prices are the hourly equivalent with no upfront payment, billed for every hour of the term whether used or not.',
      hasBreakEven ? 'A commitment is cheaper than on-demand above the utilisation shown.' : '',
      models.some((m) => !available(m)) ? 'Models without a price in the catalog are listed without figures; nothing is guessed.' : '',
    ].filter(Boolean).join(' ');
  }
  function orderOf(model) {
    const i = PRICING_ORDER.indexOf(model);
    return i < 0 ? PRICING_ORDER.length : i;
  }

  /* ---------- catalog ---------- */

  function loadCatalogView() {
    state.catalogLoaded = true;
    renderProvidersTable();
    $('#instances-form').requestSubmit();
  }

  function fillFilterRegions() {
    const select = $('#filter-region');
    const keep = select.value;
    const provider = $('#filter-provider').value;
    clear(select).append(el('option', { value: '' }, 'All'));
    const seen = new Set();
    for (const p of state.providers) {
      if (provider && p.id !== provider) continue;
      for (const r of regionsOf(p)) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        select.append(el('option', { value: r.id, selected: r.id === keep }, r.id));
      }
    }
  }

  function instancesQuery(form) {
    const params = new URLSearchParams();
    for (const element of form.elements) {
      if (!element.name || element.value.trim() === '') continue;
      params.set(element.name, element.value.trim());
    }
    params.set('limit', '50');
    return params;
  }

  async function submitInstances(event) {
    event.preventDefault();
    const form = event.currentTarget;
    state.instancesQuery = instancesQuery(form);
    state.instancesCursor = null;
    await loadInstances(false);
  }

  async function loadInstances(append) {
    const form = $('#instances-form');
    const box = $('#instances-problem');
    const params = new URLSearchParams(state.instancesQuery);
    if (append && state.instancesCursor) params.set('cursor', state.instancesCursor);
    clearProblem(box, form);
    $('#instances-submit').disabled = true;
    const result = await api('GET', `v1/instances?${params}`);
    $('#instances-submit').disabled = false;
    if (!result.ok) {
      showProblem(box, result.problem, form);
      return;
    }
    const data = result.data;
    state.instancesCursor = data.next_cursor || null;
    renderInstances(data.items || [], append, data.total);
    $('#instances-more').hidden = !state.instancesCursor;
  }

  function priceCell(prices, model) {
    const price = prices && prices[model];
    if (!price || !isNum(price.hourly_usd)) return el('td', { class: 'num muted' }, '–');
    const native = price.currency && price.currency !== 'USD' && isNum(price.hourly)
      ? ` (${num(price.hourly, 2)} ${price.currency})` : '';
    return el('td', { class: 'num', title: [price.source, price.fetched_at && `fetched ${price.fetched_at}`].filter(Boolean).join(' · ') },
      usd(price.hourly_usd), native ? el('span', { class: 'sub' }, native) : null);
  }

  /* Both reserved terms in one cell, to keep the table within a laptop screen. */
  function reservedCell(prices) {
    const parts = ['reserved_1y', 'reserved_3y'].map((m) => (prices && prices[m] && isNum(prices[m].hourly_usd) ? usd(prices[m].hourly_usd) : '–'));
    if (parts.every((p) => p === '–')) return el('td', { class: 'num muted' }, '–');
    return el('td', { class: 'num' }, `${parts[0]} · ${parts[1]}`);
  }

  function renderInstances(items, append, total) {
    const table = $('#instances-table');
    let body = $('tbody', table);
    if (!append || !body) {
      clear(table).append(el('thead', {}, el('tr', {},
        el('th', { scope: 'col' }, 'Instance'), el('th', { scope: 'col' }, 'Provider · region'),
        el('th', { scope: 'col' }, 'GPUs'), el('th', { scope: 'col' }, 'Host'),
        el('th', { scope: 'col' }, 'Interconnect'),
        el('th', { scope: 'col', class: 'num' }, 'Peak'),
        el('th', { scope: 'col', class: 'num' }, 'On-demand /h'), el('th', { scope: 'col', class: 'num' }, 'Spot /h'),
        el('th', { scope: 'col', class: 'num' }, 'Reserved 1y · 3y /h'))));
      body = el('tbody');
      table.append(body);
    }
    for (const it of items) {
      const gpu = it.gpu || {};
      const figures = it.figures || {};
      const unit = figures.precision === 'int8' || figures.precision === 'int4' ? 'TOPS' : 'TFLOPS';
      body.append(el('tr', { dataset: { provider: it.provider, instance: it.instance_type, region: it.region } },
        el('td', {}, el('span', { class: 'instance' }, it.instance_type), it.family ? el('span', { class: 'sub' }, it.family) : null),
        el('td', {}, swatch(it.provider), providerName(it.provider),
          el('span', { class: 'sub' }, it.region_name && it.region_name !== it.region ? `${it.region} · ${it.region_name}` : it.region)),
        el('td', {}, `${num(it.gpu_count, 2)} × ${gpu.name || gpu.id || ''}`,
          el('span', { class: 'sub' }, `${num(it.gpu_memory_gb, 0)} GB GPU memory in total`)),
        el('td', {}, `${num(it.vcpus, 0)} vCPUs · ${isNum(it.memory_gb) ? `${num(it.memory_gb, 0)} GB` : '–'}`,
          isNum(it.network_gbps) ? el('span', { class: 'sub' }, `${num(it.network_gbps, 0)} Gbps network`) : null),
        el('td', {}, it.interconnect || it.gpu_interconnect || '–',
          it.cluster_network && it.cluster_network !== 'none'
            ? el('span', { class: 'sub' }, `${it.cluster_network}${isNum(it.cluster_network_gbps) ? ` ${num(it.cluster_network_gbps, 0)} Gbps` : ''}`) : null),
        el('td', { class: 'num' }, isNum(figures.tflops) ? `${num(figures.tflops)} ${unit}` : '–',
          el('span', { class: 'sub' }, [figures.precision ? String(figures.precision).toUpperCase() : null,
            isNum(figures.usd_per_tflops) ? `${usd(figures.usd_per_tflops)}/${unit}·h` : null].filter(Boolean).join(' · '))),
        priceCell(it.prices, 'on_demand'), priceCell(it.prices, 'spot'), reservedCell(it.prices)));
    }
    const shown = $all('tr[data-provider]', body).length;
    $('#instances-summary').textContent = `${num(shown, 0)}${isNum(total) ? ` of ${num(total, 0)}` : ''} instance offers`;
    if (!shown) body.append(el('tr', {}, el('td', { colspan: 9, class: 'muted' }, 'No instance matches these filters.')));
  }

  const GPU_COLUMNS = [
    ['name', 'GPU', (g) => [el('span', { class: 'instance' }, g.name || g.id),
      el('span', { class: 'sub' }, [g.vendor, g.architecture, g.form_factor].filter(Boolean).join(' · '))]],
    ['memory_gb', 'Memory', (g) => (isNum(g.memory_gb) ? `${num(g.memory_gb, 0)} GB${g.memory_type ? ` ${g.memory_type}` : ''}` : '–'), true],
    ['memory_bandwidth_gb_per_s', 'Bandwidth', (g) => (isNum(g.memory_bandwidth_gb_per_s) ? `${num(g.memory_bandwidth_gb_per_s, 0)} GB/s` : '–'), true],
    ['fp64_tflops', 'FP64', (g) => num(Math.max(g.fp64_tflops ?? NaN, g.fp64_tensor_tflops ?? -Infinity)), true],
    ['fp32_tflops', 'FP32', (g) => num(g.fp32_tflops), true],
    ['tf32_tflops', 'TF32', (g) => num(g.tf32_tflops), true],
    ['bf16_tflops', 'BF16', (g) => num(g.bf16_tflops), true],
    ['fp16_tflops', 'FP16', (g) => num(g.fp16_tflops), true],
    ['fp8_tflops', 'FP8', (g) => num(g.fp8_tflops), true],
    ['int8_tops', 'INT8 TOPS', (g) => num(g.int8_tops), true],
    ['tdp_watts', 'TDP', (g) => (isNum(g.tdp_watts) ? `${num(g.tdp_watts, 0)} W` : '–'), true],
    ['interconnect', 'Interconnect', (g) => [g.interconnect || '–', isNum(g.interconnect_gb_per_s)
      ? el('span', { class: 'sub' }, `${num(g.interconnect_gb_per_s, 0)} GB/s`) : null]],
    ['ecc', 'Features', (g) => [g.ecc ? 'ECC' : null, g.mig ? 'MIG' : null, g.vgpu ? 'vGPU' : null].filter(Boolean).join(', ') || '–'],
  ];

  function renderGpuTable() {
    const table = clear($('#gpus-table'));
    const { key, dir } = state.gpuSort;
    const head = el('tr');
    for (const [k, title, , numeric] of GPU_COLUMNS) {
      head.append(el('th', { scope: 'col', class: numeric ? 'num' : null,
        'aria-sort': k === key ? (dir > 0 ? 'ascending' : 'descending') : null },
      el('button', { type: 'button', class: 'sort', onclick: () => sortGpus(k) }, title)));
    }
    table.append(el('thead', {}, head));
    const rows = state.gpuList.slice().sort((a, b) => compare(a[key], b[key]) * dir);
    table.append(el('tbody', {}, rows.map((g) => el('tr', { dataset: { gpu: g.id } },
      GPU_COLUMNS.map(([, , render, numeric]) => el('td', { class: numeric ? 'num' : null }, render(g)))))));
  }
  function compare(a, b) {
    const missingA = a === null || a === undefined, missingB = b === null || b === undefined;
    if (missingA || missingB) return missingA - missingB;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b));
  }
  function sortGpus(key) {
    state.gpuSort = { key, dir: state.gpuSort.key === key ? -state.gpuSort.dir : (key === 'name' ? 1 : -1) };
    renderGpuTable();
    const th = $(`#gpus-table th[aria-sort] button`);
    if (th) th.focus();
  }

  function renderProvidersTable() {
    const table = clear($('#providers-table'));
    table.append(el('thead', {}, el('tr', {},
      el('th', { scope: 'col' }, 'Provider'), el('th', { scope: 'col', class: 'num' }, 'Regions'),
      el('th', { scope: 'col', class: 'num' }, 'Instance types'),
      el('th', { scope: 'col' }, 'Last refresh'), el('th', { scope: 'col' }, 'Status'),
      el('th', { scope: 'col', class: 'num' }, 'Prices'), el('th', { scope: 'col' }, 'Source'))));
    table.append(el('tbody', {}, state.providers.map((p) => {
      const refresh = p.refresh || {};
      const status = refresh.status || 'unknown';
      return el('tr', { dataset: { provider: p.id } },
        el('td', {}, swatch(p.id), p.name || p.id, el('span', { class: 'sub' }, p.id)),
        el('td', { class: 'num' }, num(regionsOf(p).length, 0)),
        el('td', { class: 'num' }, num(p.instance_types, 0)),
        el('td', {}, refresh.last_success_at || refresh.last_attempt_at || 'never',
          refresh.last_attempt_at && refresh.last_attempt_at !== refresh.last_success_at
            ? el('span', { class: 'sub' }, `last attempt ${refresh.last_attempt_at}`) : null),
        el('td', {}, el('span', { class: status === 'error' ? 'err' : status === 'ok' ? 'ok' : 'muted' }, status),
          refresh.error || refresh.last_error || refresh.disabled_reason
            ? el('span', { class: 'sub wrap' }, refresh.error || refresh.last_error || refresh.disabled_reason) : null),
        el('td', { class: 'num' }, num(refresh.rows ?? refresh.price_rows ?? p.price_rows, 0)),
        el('td', { class: 'small source' }, p.price_source || refresh.source || '–'));
    })));
  }

  /* ---------- wiring ---------- */

  function setup() {
    setupTabs();
    $('#recommend-form').addEventListener('submit', submitRecommend);
    $('#recommend-form').addEventListener('reset', () => {
      clearProblem($('#recommend-problem'), $('#recommend-form'));
      state.extras = {};
      showExtras();
      /* The reset changes the values after this event: the dependent controls follow on the next turn. */
      setTimeout(() => {
        delete $('#recommend-form').elements['workload.model_params_b'].dataset.custom;
        fillRegionsSelect();
        onModelChange();
        updateKindGroups();
      }, 0);
    });
    $('#model-select').addEventListener('change', onModelChange);
    $('#recommend-form').elements['workload.kind'].addEventListener('change', updateKindGroups);
    $('#recommend-form').elements['workload.fine_tuning_method'].addEventListener('change', updateKindGroups);
    updateKindGroups();
    $('#estimate-form').addEventListener('submit', submitEstimate);
    $('#estimate-provider').addEventListener('change', () => { onEstimateProviderChange(); });
    $('#estimate-instance').addEventListener('change', () => fillEstimateRegions());
    $all('input[name="duration"]').forEach((i) => i.addEventListener('change', () => setDurationMode(i.value)));
    $('#instances-form').addEventListener('submit', submitInstances);
    $('#filter-provider').addEventListener('change', fillFilterRegions);
    $('#instances-more').addEventListener('click', () => loadInstances(true));
    window.addEventListener('scroll', hideTip, { passive: true });
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideTip(); });
    $('#benchmark-select').addEventListener('change', onBenchmarkChange);
    const ready = Promise.all([loadProviders(), loadGpus(), loadModels(), loadBenchmarks()]);
    ready.then(() => {
      document.body.dataset.ready = 'true';
      if (state.catalogLoaded) renderProvidersTable();
    });
    api('GET', 'healthz').then((r) => {
      const version = r.ok && r.data && (r.data.version || (r.data.build && r.data.build.version));
      if (version) $('#footer-version').textContent = ` · version ${version}`;
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
}());
