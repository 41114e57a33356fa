// The Kubernetes layouts of deploy/k8s, as a cluster would get them: each overlay is rendered by a real kustomize
// (the one built into Debian's kubectl, and any other kubectl on PATH, which must agree), every rendered object is
// validated against the Kubernetes object schemas of kubernetes-models (types, required fields, formats, and no field
// the schema does not know), and the objects are checked against each other and against what an operator relies on.
// Then the one-refresher flow runs for real, without a cluster: the CronJob's own script refreshes from a local feed
// and publishes (gpurec publish), and a daemon following that publication serves the new prices without a restart.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import YAML from 'yaml';
import { repoRoot, start, stop } from '../contract/lib/daemon.mjs';

// kubernetes-models 4.5.0 moved to the schemas of Kubernetes v1.33.0 (its CHANGELOG.md); 5.x needs Node.js 22.
const SCHEMAS = 'kubernetes-models 4.5.1 (Kubernetes 1.33 schemas)';
// Where deploy/install-deps.sh unpacks Debian's kubernetes-client when /usr/bin/kubectl is another package's.
const UNPACKED_KUBECTL = '/opt/gpurec-test/kubernetes-client/usr/bin/kubectl';

export const LAYOUTS = {
  'refresh-in-replicas': 'deploy/k8s/overlays/refresh-in-replicas',
  'one-refresher': 'deploy/k8s/overlays/one-refresher',
};

// stdin is not a pipe: bash reads ~/.bashrc when its stdin is a socket, as node's pipes are
function run(command, args, options = {}) {
  return spawnSync(command, args,
    { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function kubectlVersion(path) {
  const out = run(path, ['version', '--client']);
  return (out.stdout ?? '').match(/v\d+\.\d+\.\d+[^"\s]*/)?.[0] ?? '?';
}

// Debian's kubectl first (required), then the kubectl on PATH when it is another binary.
function kustomizers(check) {
  const list = [];
  const debianInstalled = (run('dpkg-query', ['-W', '-f=${Status}', 'kubernetes-client']).stdout ?? '')
    .includes('install ok installed');
  const debian = debianInstalled ? '/usr/bin/kubectl' : existsSync(UNPACKED_KUBECTL) ? UNPACKED_KUBECTL : undefined;
  if (check('k8s: Debian\'s kubectl (kubernetes-client) is there', debian ? [] :
    'neither the kubernetes-client package nor ' + UNPACKED_KUBECTL + ' (sh deploy/install-deps.sh test)'))
    list.push({ path: debian, label: `Debian's kubectl ${kubectlVersion(debian)}` });
  const onPath = run('sh', ['-c', 'command -v kubectl']).stdout?.trim();
  if (onPath && (!debian || realpathSync(onPath) !== realpathSync(debian)) &&
    run(onPath, ['kustomize', '--help']).status === 0)
    list.push({ path: onPath, label: `${onPath} ${kubectlVersion(onPath)}` });
  return list;
}

function render(kubectl, dir) {
  const out = run(kubectl.path, ['kustomize', join(repoRoot, dir)]);
  if (out.status !== 0) return { error: `${kubectl.label}: ${(out.stderr || out.stdout).trim()}` };
  const docs = YAML.parseAllDocuments(out.stdout);
  const errors = docs.flatMap((d) => d.errors.map((e) => e.message));
  if (errors.length) return { error: `${kubectl.label}: output is not YAML: ${errors.join('; ')}` };
  return { objects: docs.map((d) => d.toJS()).filter(Boolean) };
}

// JSON with object keys sorted, so that two renderings compare by content.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

const idOf = (o) => `${o.kind}/${o.metadata?.name}`;
const sorted = (objects) => [...objects].sort((a, b) => idOf(a).localeCompare(idOf(b)));

function sameObjects(a, b) {
  const left = new Map(a.map((o) => [idOf(o), canonical(o)]));
  const right = new Map(b.map((o) => [idOf(o), canonical(o)]));
  const problems = [];
  for (const [id, text] of left) {
    if (!right.has(id)) problems.push(`${id} only in the first`);
    else if (right.get(id) !== text) problems.push(`${id} differs`);
  }
  for (const id of right.keys()) if (!left.has(id)) problems.push(`${id} only in the second`);
  return problems;
}

// ---- the schemas ------------------------------------------------------------------------------------------------

async function modelFor(object) {
  const [group, version] = object.apiVersion?.includes('/') ? object.apiVersion.split('/') : [null, object.apiVersion];
  if (!version || !object.kind) return undefined;
  try {
    const module = await import(`kubernetes-models/${group ? `${group}/` : ''}${version}`);
    return module[object.kind];
  } catch {
    return undefined;
  }
}

function schemaErrors(Model, object) {
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    if (!Array.isArray(error.errors)) throw error;
    return error.errors;
  }
}

const pointer = (path) => path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('');

// Kubernetes' schemas allow properties they do not name, so a misspelt field (`readinesProbe`) passes them and the
// API server drops it. A field is known when its schema looks at it: given a value of no JSON type at all, a known
// field gets an error at its own path, an unknown one none.
function unknownFields(Model, object) {
  const unknown = [];
  const visit = (value, path) => {
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const field = [...path, key];
        const probe = structuredClone(object);
        let parent = probe;
        for (const p of path) parent = parent[p];
        parent[key] = Symbol('probe');
        const at = pointer(field);
        if (!schemaErrors(Model, probe).some((e) => e.instancePath === at || e.instancePath.startsWith(at + '/')))
          unknown.push(`${at.slice(1)} is not a field of ${object.kind}`);
        else visit(value[key], field);
      }
    }
  };
  for (const key of Object.keys(object)) if (key !== 'apiVersion' && key !== 'kind') visit(object[key], [key]);
  return unknown;
}

async function schemaCases(check, layout, objects) {
  let valid = 0;
  for (const object of objects) {
    const Model = await modelFor(object);
    if (!Model) {
      check(`${layout}: ${idOf(object)} has a schema`, `no ${object.apiVersion} ${object.kind} in ${SCHEMAS}`);
      continue;
    }
    const errors = schemaErrors(Model, object).map((e) => `${e.instancePath || '/'} ${e.message}`);
    if (check(`${layout}: ${idOf(object)} matches the ${object.apiVersion} ${object.kind} schema`,
      [...errors, ...(errors.length ? [] : unknownFields(Model, object))])) valid++;
  }
  return valid;
}

// ---- what the objects must say -----------------------------------------------------------------------------------

// The GPUREC_* variables the service reads (its option table).
export function knownVariables() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.c'))
        for (const m of readFileSync(path, 'utf8').matchAll(/\{"(GPUREC_[A-Z0-9_]+)", "--/g)) names.add(m[1]);
    }
  };
  walk(join(repoRoot, 'service'));
  return names;
}

function podSpecs(objects) {
  const pods = [];
  for (const o of objects) {
    if (o.kind === 'Deployment')
      pods.push({ owner: idOf(o), pod: o.spec?.template?.spec ?? {}, labels: o.spec?.template?.metadata?.labels });
    if (o.kind === 'CronJob')
      pods.push({ owner: idOf(o), pod: o.spec?.jobTemplate?.spec?.template?.spec ?? {},
        labels: o.spec?.jobTemplate?.spec?.template?.metadata?.labels });
  }
  return pods;
}

const containersOf = (pod) => [...(pod.initContainers ?? []), ...(pod.containers ?? [])];

function commonCases(check, layout, objects, version) {
  const variables = knownVariables();
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const named = (kind, name) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
  const one = (kind) => {
    const list = byKind(kind);
    check(`${layout}: one ${kind}`, list.length === 1 ? [] : `${list.length} found`);
    return list[0] ?? {};
  };

  check(`${layout}: every object carries app.kubernetes.io/name=gpurec`, objects
    .filter((o) => o.metadata?.labels?.['app.kubernetes.io/name'] !== 'gpurec').map(idOf));

  const configMap = one('ConfigMap');
  const data = configMap.data ?? {};
  check(`${layout}: ConfigMap has only known GPUREC_* variables`,
    Object.keys(data).filter((k) => !variables.has(k)).map((k) => `unknown ${k}`));
  const perIp = Number(data.GPUREC_MAX_CONNECTIONS_PER_IP ?? 256);
  const total = Number(data.GPUREC_MAX_CONNECTIONS ?? 1024);
  check(`${layout}: ConfigMap's connection limit per address fits a gateway (0, or at least GPUREC_MAX_CONNECTIONS)`,
    perIp === 0 || perIp >= total ? [] : `GPUREC_MAX_CONNECTIONS_PER_IP ${perIp} < GPUREC_MAX_CONNECTIONS ${total}`);

  // no Secret is applied: the pods read one the operator creates (from a vault), which an apply never overwrites
  check(`${layout}: no Secret is rendered (a Secret created from a vault is never overwritten)`,
    byKind('Secret').map(idOf));

  // the Deployment and its gpurec container
  const deployment = one('Deployment');
  const pod = deployment.spec?.template?.spec ?? {};
  const container = (pod.containers ?? []).find((c) => c.name === 'gpurec') ?? {};
  const labels = deployment.spec?.template?.metadata?.labels ?? {};
  const selects = (selector) => Object.entries(selector ?? {}).length > 0 &&
    Object.entries(selector).every(([k, v]) => labels[k] === v);
  const problems = [];
  if (!selects(deployment.spec?.selector?.matchLabels)) problems.push('the selector does not match the pod labels');
  if (container.readinessProbe?.httpGet?.path !== '/readyz') problems.push('readinessProbe is not GET /readyz');
  if (container.livenessProbe?.httpGet?.path !== '/healthz') problems.push('livenessProbe is not GET /healthz');
  const port = (container.ports ?? []).find((p) => p.containerPort === 8080);
  if (!port) problems.push('no containerPort 8080');
  for (const probe of ['readinessProbe', 'livenessProbe'])
    if (![port?.name, 8080].includes(container[probe]?.httpGet?.port))
      problems.push(`${probe} port is not the HTTP port`);
  const dbDir = dirname(data.GPUREC_DB ?? '/var/lib/gpurec/gpurec.db');
  const dbMount = (container.volumeMounts ?? []).find((m) => m.mountPath === dbDir);
  if (!dbMount) problems.push(`no volume mounted at ${dbDir} (the database)`);
  else if ((pod.volumes ?? []).find((v) => v.name === dbMount.name)?.emptyDir === undefined)
    problems.push(`the database volume ${dbMount.name} is not the replica's own emptyDir`);
  const envFrom = container.envFrom ?? [];
  if (!envFrom.some((e) => e.configMapRef?.name === configMap.metadata?.name))
    problems.push('the ConfigMap is not used');
  if (!envFrom.some((e) => e.secretRef?.name === 'gpurec' && e.secretRef?.optional === true))
    problems.push('the Secret gpurec is not read, or not optional');
  for (const e of container.env ?? []) if (!variables.has(e.name)) problems.push(`unknown variable ${e.name}`);
  check(`${layout}: Deployment: probes, database volume, configuration`, problems);

  const service = one('Service');
  check(`${layout}: Service selects the pods and targets the HTTP port`, selects(service.spec?.selector) &&
    (service.spec?.ports ?? []).some((p) => [port?.name, 8080].includes(p.targetPort)) ? []
    : JSON.stringify(service.spec));
  const hpa = one('HorizontalPodAutoscaler');
  check(`${layout}: HorizontalPodAutoscaler scales the Deployment`, hpa.spec?.scaleTargetRef?.kind === 'Deployment' &&
    hpa.spec?.scaleTargetRef?.name === deployment.metadata?.name && hpa.spec?.minReplicas >= 2 &&
    hpa.spec?.maxReplicas >= hpa.spec?.minReplicas && (hpa.spec?.metrics ?? []).length > 0 ? []
    : JSON.stringify(hpa.spec));
  const pdb = one('PodDisruptionBudget');
  check(`${layout}: PodDisruptionBudget covers the pods with maxUnavailable (minAvailable would not scale with the HPA)`,
    selects(pdb.spec?.selector?.matchLabels) && pdb.spec?.maxUnavailable !== undefined &&
    pdb.spec?.minAvailable === undefined ? [] : JSON.stringify(pdb.spec));
  check(`${layout}: no replicas beside the HPA (an apply would reset its count)`,
    deployment.spec?.replicas === undefined ? [] : `replicas: ${deployment.spec.replicas}`);
  // the selectors of the Deployment, Service and PDB match no pod but the Deployment's own (the refresh Job's share
  // the name label, and were counted by them before the component label)
  const strangers = podSpecs(objects).filter(({ owner }) => owner !== idOf(deployment))
    .map(({ owner, labels: podLabels }) => ({ owner, podLabels: podLabels ?? {} }));
  const matches = (selector, podLabels) => Object.entries(selector ?? {}).every(([k, v]) => podLabels[k] === v);
  check(`${layout}: the Deployment, Service and PDB select only the Deployment's pods`, strangers.flatMap(({ owner, podLabels }) =>
    [['Deployment', deployment.spec?.selector?.matchLabels], ['Service', service.spec?.selector],
      ['PodDisruptionBudget', pdb.spec?.selector?.matchLabels]]
      .filter(([, selector]) => matches(selector, podLabels)).map(([kind]) => `${kind} selects the pods of ${owner}`)));
  const millicores = (q) => (/m$/.test(String(q)) ? Number(String(q).slice(0, -1)) : Number(q) * 1000);
  const target = (hpa.spec?.metrics ?? []).find((m) => m.resource?.name === 'cpu')?.resource?.target?.averageUtilization;
  const request = millicores(container.resources?.requests?.cpu ?? 0);
  check(`${layout}: the CPU request fits the HPA target (it scales at a quarter of a core or more)`,
    target && request * target / 100 >= 250 ? [] : `request ${request}m at ${target} %`);

  // every pod: containers locked down and sized, references that resolve, images that exist
  for (const { owner, pod: spec } of podSpecs(objects)) {
    const issues = [];
    const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
    for (const c of containersOf(spec)) {
      const sc = c.securityContext ?? {};
      const psc = spec.securityContext ?? {};
      if (!(sc.runAsNonRoot ?? psc.runAsNonRoot)) issues.push(`${c.name}: runAsNonRoot is not set`);
      if ((sc.runAsUser ?? psc.runAsUser) === 0) issues.push(`${c.name}: runs as uid 0`);
      if (sc.readOnlyRootFilesystem !== true) issues.push(`${c.name}: readOnlyRootFilesystem is not true`);
      if (sc.allowPrivilegeEscalation !== false) issues.push(`${c.name}: allowPrivilegeEscalation is not false`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) issues.push(`${c.name}: capabilities are not all dropped`);
      if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory)
        issues.push(`${c.name}: needs cpu and memory requests and a memory limit`);
      for (const m of c.volumeMounts ?? [])
        if (!volumes.has(m.name)) issues.push(`${c.name}: volume ${m.name} is not defined`);
      for (const e of c.envFrom ?? []) {
        if (e.configMapRef && !named('ConfigMap', e.configMapRef.name))
          issues.push(`${c.name}: no ConfigMap ${e.configMapRef.name}`);
        if (e.secretRef && !e.secretRef.optional && !named('Secret', e.secretRef.name))
          issues.push(`${c.name}: no Secret ${e.secretRef.name}`);
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.configMapKeyRef;
        if (ref && !(ref.key in (named('ConfigMap', ref.name)?.data ?? {})))
          issues.push(`${c.name}: ${e.name} comes from ${ref.name}.${ref.key}, which is not there`);
      }
      // the project's own image at the version built here, or an image pinned by digest
      const image = c.image ?? '';
      if (!(image === `gpurec:${version}` || /^[a-z0-9.\-/:]+@sha256:[0-9a-f]{64}$/.test(image)))
        issues.push(`${c.name}: image ${image || '(none)'} is neither gpurec:${version} nor pinned by digest`);
    }
    for (const v of volumes.values()) {
      const claim = v.persistentVolumeClaim?.claimName;
      if (claim && !named('PersistentVolumeClaim', claim))
        issues.push(`volume ${v.name}: no PersistentVolumeClaim ${claim}`);
    }
    if (spec.serviceAccountName && !named('ServiceAccount', spec.serviceAccountName))
      issues.push(`no ServiceAccount ${spec.serviceAccountName}`);
    check(`${layout}: ${owner}: non-root, read-only, sized; volumes, settings and images resolve`, issues);
  }
  return { configMap, deployment, container };
}

function oneRefresherCases(check, objects, { deployment, container }) {
  const layout = 'one-refresher';
  const cron = objects.find((o) => o.kind === 'CronJob');
  const jobPod = cron?.spec?.jobTemplate?.spec?.template?.spec ?? {};
  const script = containersOf(jobPod).map((c) => [...(c.command ?? []), ...(c.args ?? [])].join(' ')).join('\n');
  check(`${layout}: the CronJob runs \`gpurec refresh\` then \`gpurec publish\` on a schedule, one at a time`,
    cron && cron.spec?.schedule && /\bgpurec refresh\b/.test(script) && /\bgpurec publish\b/.test(script) &&
    cron.spec?.concurrencyPolicy === 'Forbid' ? [] : 'missing or incomplete');
  check(`${layout}: the Job needs no Kubernetes API (no token, no kubectl)`, [
    jobPod.automountServiceAccountToken === false ? '' : 'automountServiceAccountToken is not false',
    /kubectl/.test(script) || containersOf(jobPod).some((c) => /kubectl/.test(c.image ?? '')) ? 'it runs kubectl' : '',
  ]);
  const pod = deployment.spec?.template?.spec ?? {};
  const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
  check(`${layout}: replicas do not refresh themselves`, env.GPUREC_REFRESH_INTERVAL === '0' ? []
    : 'GPUREC_REFRESH_INTERVAL is not 0');
  // the CronJob publishes on the claim the replicas follow, at the path they follow
  const claimMount = (spec, c) => (c.volumeMounts ?? []).map((m) => ({ ...m,
    claim: (spec.volumes ?? []).find((v) => v.name === m.name)?.persistentVolumeClaim })).find((m) => m.claim);
  const refresher = (jobPod.containers ?? []).find((c) => /gpurec publish/.test((c.args ?? []).join(' ')));
  const writer = claimMount(jobPod, refresher ?? {});
  const reader = claimMount(pod, container);
  const publishDir = /gpurec publish (\S+)/.exec(script)?.[1];
  const issues = [];
  if (!writer || writer.readOnly) issues.push('the CronJob does not mount the catalog claim writable');
  if (!reader) issues.push('gpurec does not mount the catalog claim');
  else if (!reader.readOnly) issues.push('gpurec mounts the catalog writable');
  else if (writer && (reader.claim.claimName !== writer.claim.claimName || reader.mountPath !== writer.mountPath))
    issues.push(`gpurec mounts ${reader.claim.claimName} at ${reader.mountPath}, ` +
      `the CronJob ${writer.claim.claimName} at ${writer.mountPath}`);
  if (!env.GPUREC_CATALOG_SOURCE || env.GPUREC_CATALOG_SOURCE.replace(/\/$/, '') !== publishDir?.replace(/\/$/, ''))
    issues.push(`replicas follow ${env.GPUREC_CATALOG_SOURCE}, the CronJob publishes to ${publishDir}`);
  check(`${layout}: the CronJob publishes where the replicas follow`, issues);
  return { cron };
}

// Every file under deploy/k8s is listed by a kustomization (or is one).
function listedCases(check) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(entry.name)) files.push(relative(repoRoot, path));
    }
  };
  walk(join(repoRoot, 'deploy/k8s'));
  const listed = new Set();
  const problems = [];
  for (const file of files.filter((f) => /(^|\/)kustomization\.ya?ml$/.test(f))) {
    let k;
    try {
      k = YAML.parse(readFileSync(join(repoRoot, file), 'utf8')) ?? {};
    } catch (error) {
      problems.push(`${file}: ${error.message.split('\n')[0]}`);
      continue;
    }
    for (const ref of [...(k.resources ?? []), ...(k.bases ?? []), ...(k.patchesStrategicMerge ?? []),
      ...(k.patches ?? []).map((p) => p.path).filter(Boolean)]) {
      const target = relative(repoRoot, join(repoRoot, dirname(file), ref));
      if (!existsSync(join(repoRoot, target))) problems.push(`${file}: ${ref} does not exist`);
      listed.add(target);
    }
  }
  check('k8s: every file a kustomization lists exists', problems);
  check('k8s: every manifest is in a kustomization (but the example Secret)', files.filter((f) =>
    !/(^|\/)kustomization\.ya?ml$/.test(f) && !listed.has(f) && f !== 'deploy/k8s/secret.example.yaml'));
  const example = YAML.parse(readFileSync(join(repoRoot, 'deploy/k8s/secret.example.yaml'), 'utf8')) ?? {};
  check('k8s: the example Secret holds only placeholders the service refuses (CHANGE-ME...)',
    ['GPUREC_ADMIN_TOKEN', 'GPUREC_GCP_API_KEY'].filter((k) => !String(example.stringData?.[k]).startsWith('CHANGE-ME'))
      .map((k) => `${k} is not CHANGE-ME...`));
}

// ---- the one-refresher flow, for real -------------------------------------------------------------------------------

function startFeed() {
  const state = { hourly: 0 };
  const server = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    // made-up prices of a test fixture (within the 5x the refresh accepts against the seed price)
    response.end(JSON.stringify({ prices: [{ provider: 'lambda', instance_type: 'gpu_1x_a10', region: 'us-east-1',
      pricing_model: 'on_demand', hourly: state.hourly, currency: 'USD' }] }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, state })));
}

// A container's command run here as it runs in its pod: the pod's folders mapped into dir, the settings it takes
// from the ConfigMap and its own env, the installed binary on PATH.
function containerCommand(c, configMap, dir, binary, extra = {}) {
  const map = (text) => String(text).replace(/(^|[\s"'=])\/(catalog|work|var\/lib\/gpurec)\//g,
    (m, before, folder) => `${before}${join(dir, folder.replace(/\//g, '-'))}/`);
  const env = {};
  if ((c.envFrom ?? []).some((e) => e.configMapRef)) Object.assign(env, configMap.data);
  for (const e of c.env ?? []) env[e.name] = e.value ?? configMap.data?.[e.valueFrom?.configMapKeyRef?.key];
  for (const [k, v] of Object.entries({ ...env, ...extra })) env[k] = map(v);
  env.PATH = `${dirname(binary)}:${process.env.PATH}`;
  env.GPUREC_MIGRATIONS_DIR = join(repoRoot, 'migrations');
  const argv = [...(c.command ?? []), ...(c.args ?? [])].map(map);
  return { argv, env };
}

// Like run(), without blocking this process (the feed the command fetches is served from here); killed at timeoutMs.
function runAsync(argv, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

function runJob(cron, configMap, dir, binary, feedUrl) {
  const c = cron.spec.jobTemplate.spec.template.spec.containers[0];
  const { argv, env } = containerCommand(c, configMap, dir, binary, { GPUREC_PROVIDERS: 'feed',
    GPUREC_FEED_URLS: feedUrl, GPUREC_LOG_FORMAT: 'text', GPUREC_LOG_LEVEL: 'warn', GPUREC_PUBLISH_DELAY: '0' });
  return runAsync(argv, env, 60000);
}

async function waitFor(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

// The answer about the instance type the feed prices, as text.
async function hourlyServed(daemon) {
  try {
    return JSON.stringify(await (await fetch(`${daemon.base}/v1/instances/lambda/gpu_1x_a10`)).json());
  } catch {
    return '';
  }
}

async function flowCases(check, { cron }, { configMap, container }, dir, binary) {
  const layout = 'one-refresher';
  for (const folder of ['catalog', 'work', 'var-lib-gpurec']) mkdirSync(join(dir, folder));
  const { server, state } = await startFeed();
  const feedUrl = `http://127.0.0.1:${server.address().port}/feed.json`;
  let daemon;
  try {
    state.hourly = 0.8125;
    const first = await runJob(cron, configMap, dir, binary, feedUrl);
    const manifest = join(dir, 'catalog/manifest.json');
    check(`${layout}: the CronJob's script refreshes and publishes a snapshot and its manifest`, first.status === 0 &&
      existsSync(manifest) && existsSync(join(dir, 'catalog', JSON.parse(readFileSync(manifest, 'utf8')).file)) ? [] :
      `${first.status} ${first.stderr}${first.stdout}`);

    // gpurec with its container's settings (the ConfigMap's, then its own env), on a loopback port
    const serve = containerCommand(container, configMap, dir, binary);
    daemon = await start(binary, { ...serve.env, GPUREC_LISTEN: '127.0.0.1:0', GPUREC_THREADS: '2',
      GPUREC_CATALOG_POLL_INTERVAL: '1' });
    const before = await hourlyServed(daemon);
    check(`${layout}: the replica serves the published prices`, before.includes('0.8125') ? [] : before.slice(0, 300));

    state.hourly = 0.7875;
    const second = await runJob(cron, configMap, dir, binary, feedUrl);
    check(`${layout}: the CronJob's next run starts from the publication and publishes again`, second.status === 0 ?
      [] : `${second.status} ${second.stderr}`);
    const reloaded = await waitFor(async () => (await hourlyServed(daemon)).includes('0.7875'), 30000);
    check(`${layout}: the running replica serves the newly published prices without a restart`, reloaded ? [] :
      `not within 30 s; gpurec: ${daemon.lines.slice(-3).join(' | ')}`);
    check(`${layout}: gpurec was not restarted`, daemon.child.exitCode === null ? []
      : `exited ${daemon.child.exitCode}`);
  } finally {
    if (daemon) await stop(daemon);
    server.close();
  }
}

// ---- all of it ------------------------------------------------------------------------------------------------------

export async function k8sCases(check, { dir, binary }) {
  const version = (run(binary, ['--version']).stdout ?? '').match(/^gpurec (\S+)/)?.[1] ?? '?';
  const renderers = kustomizers(check);
  if (!renderers.length) return;
  const rendered = {};
  for (const [layout, path] of Object.entries(LAYOUTS)) {
    const outputs = renderers.map((k) => ({ k, ...render(k, path) }));
    if (!check(`${layout}: \`kubectl kustomize ${path}\` renders`, outputs.map((o) => o.error))) continue;
    const [first, ...others] = outputs;
    for (const other of others)
      check(`${layout}: ${first.k.label} and ${other.k.label} render the same objects`,
        sameObjects(first.objects, other.objects));
    rendered[layout] = sorted(first.objects);
  }
  // deploy/k8s itself is the default layout
  const top = renderers.map((k) => render(k, 'deploy/k8s'));
  if (check('k8s: `kubectl kustomize deploy/k8s` renders', top.map((t) => t.error)) && rendered['one-refresher'])
    check('k8s: deploy/k8s renders the one-refresher layout',
      sameObjects(top[0].objects, rendered['one-refresher']));

  const expected = {
    'refresh-in-replicas': ['ConfigMap/gpurec', 'Deployment/gpurec', 'HorizontalPodAutoscaler/gpurec',
      'PodDisruptionBudget/gpurec', 'Service/gpurec'],
    'one-refresher': ['ConfigMap/gpurec', 'CronJob/gpurec-refresh', 'Deployment/gpurec',
      'HorizontalPodAutoscaler/gpurec', 'PersistentVolumeClaim/gpurec-catalog', 'PodDisruptionBudget/gpurec',
      'Service/gpurec'],
  };
  for (const [layout, objects] of Object.entries(rendered)) {
    const ids = objects.map(idOf).sort();
    check(`${layout}: renders ${expected[layout].length} objects: ${expected[layout].join(', ')}`,
      canonical(ids) === canonical(expected[layout].sort()) ? [] : `rendered ${ids.join(', ')}`);
    const valid = await schemaCases(check, layout, objects);
    const by = renderers.map((k) => k.label).join(' and ');
    console.log(`k8s: ${layout}: ${objects.length} objects rendered by ${by}; ` +
      `${valid} of ${objects.length} valid against ${SCHEMAS}`);
    const parts = commonCases(check, layout, objects, version);
    if (layout === 'one-refresher') {
      const roles = oneRefresherCases(check, objects, parts);
      if (roles.cron) await flowCases(check, roles, parts, dir, binary);
    }
  }
  listedCases(check);
}
