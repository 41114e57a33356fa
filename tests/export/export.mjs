// Every export format of a set of picks (six providers, spot and on-demand, one and four nodes, NVIDIA and AMD),
// printed by `test_export --emit` and read back by real parsers:
//   - SkyPilot tasks by the yaml package, then their keys and types against SkyPilot's task fields;
//   - Terraform by HashiCorp's HCL parser (@cdktf/hcl2json), then the resource types, attributes and references;
//   - Kubernetes manifests by the yaml package, the Job against the Kubernetes OpenAPI schema (kubernetes-models), the
//     Karpenter NodePool against a schema written here from the fields of Karpenter's v1 CRD
//     (github.com/kubernetes-sigs/karpenter, pkg/apis/crds/karpenter.sh_nodepools.yaml): no npm package ships it.
// Refusals (a provider a format cannot deploy) must exit 3 and name the provider. Prints 'N passed, N failed' last.
// Usage: node export.mjs PATH/TO/test_export
import { spawnSync } from 'node:child_process';
import { parse as parseHcl } from '@cdktf/hcl2json';
import Ajv from 'ajv';
import { Job } from 'kubernetes-models/batch/v1';
import YAML from 'yaml';

const bin = process.argv[2];
let passed = 0;
let failed = 0;
function check(name, fn) {
    return Promise.resolve()
        .then(fn)
        .then(() => { passed++; })
        .catch((e) => { failed++; console.log(`FAIL ${name}: ${e.message}`); });
}
function assert(cond, message) {
    if (!cond) throw new Error(message);
}
function eq(actual, expected, what) {
    assert(JSON.stringify(actual) === JSON.stringify(expected),
        `${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

// provider, instance, region, pricing, nodes, gpus, gpu id, vendor, cluster network; and what each format must do
const picks = [
    { p: 'aws', i: 'p5.48xlarge', r: 'us-east-1', m: 'spot', n: 2, g: 8, gpu: 'h100-sxm-80gb', v: 'nvidia', net: 'efa', acc: 'H100' },
    { p: 'aws', i: 'g5.xlarge', r: 'eu-west-1', m: 'on_demand', n: 1, g: 1, gpu: 'a10g', v: 'nvidia', net: 'none', acc: 'A10G' },
    { p: 'gcp', i: 'a3-highgpu-8g', r: 'us-central1', m: 'spot', n: 4, g: 8, gpu: 'h100-sxm-80gb', v: 'nvidia', net: 'none', acc: 'H100' },
    { p: 'gcp', i: 'n1-standard-16-t4-1', r: 'us-east1', m: 'on_demand', n: 1, g: 1, gpu: 't4', v: 'nvidia', net: 'none', acc: 'T4', machine: 'n1-standard-16', guest: 'nvidia-tesla-t4' },
    { p: 'azure', i: 'Standard_ND96isr_H100_v5', r: 'eastus', m: 'spot', n: 4, g: 8, gpu: 'h100-sxm-80gb', v: 'nvidia', net: 'infiniband', acc: 'H100' },
    { p: 'azure', i: 'Standard_ND96is_MI300X_v5', r: 'westus', m: 'reserved_1y', n: 1, g: 8, gpu: 'mi300x', v: 'amd', net: 'infiniband', acc: 'MI300X' },
    { p: 'oci', i: 'BM.GPU.MI300X.8', r: 'us-chicago-1', m: 'on_demand', n: 4, g: 8, gpu: 'mi300x', v: 'amd', net: 'roce', acc: 'MI300X' },
    { p: 'oci', i: 'VM.GPU.A10.1', r: 'us-ashburn-1', m: 'spot', n: 1, g: 1, gpu: 'a10', v: 'nvidia', net: 'none', acc: 'A10' },
    { p: 'lambda', i: 'gpu_8x_h100_sxm5', r: 'us-east-1', m: 'on_demand', n: 1, g: 8, gpu: 'h100-sxm-80gb', v: 'nvidia', net: 'none', acc: 'H100', refuse: ['terraform'] },
    { p: 'alibaba', i: 'ecs.gn7e-c16g1.32xlarge', r: 'cn-hangzhou', m: 'spot', n: 4, g: 8, gpu: 'a100-sxm-80gb', v: 'nvidia', net: 'none', refuse: ['skypilot'] },
    { p: 'tencent', i: 'GT4.41XLARGE948', r: 'ap-guangzhou', m: 'on_demand', n: 1, g: 8, gpu: 'a100-sxm-40gb', v: 'nvidia', net: 'none', refuse: ['skypilot'] },
    // a hostile instance type: quotes, backslash and template openers must come back unchanged from each parser
    { p: 'aws', i: 'p5 "x" ${var.y} %{if} \\', r: 'us-east-1', m: 'spot', n: 1, g: 8, gpu: 'h100-sxm-80gb', v: 'nvidia', net: 'none', acc: 'H100', refuse: [], only: ['skypilot', 'terraform'] },
];

function emit(format, k) {
    const args = ['--emit', format, k.p, k.i, k.r, k.m, String(k.n), String(k.g), k.gpu, k.v, k.net];
    return spawnSync(bin, args, { encoding: 'utf8', timeout: 10000 });
}
const spot = (k) => k.m === 'spot';
const machine = (k) => k.machine ?? k.i;
const label = (k) => `${k.p}/${k.i} ${k.m} x${k.n}`;

// ---- SkyPilot ----------------------------------------------------------------------------------------------------

const skyTop = new Set(['name', 'num_nodes', 'resources', 'run']);
const skyResources = new Set(['cloud', 'region', 'instance_type', 'accelerators', 'use_spot', 'disk_size']);
function checkSkypilot(text, k) {
    const doc = YAML.parseDocument(text, { uniqueKeys: true, strict: true });
    assert(doc.errors.length === 0, `YAML: ${doc.errors.map((e) => e.message).join('; ')}`);
    const task = doc.toJS();
    for (const key of Object.keys(task)) assert(skyTop.has(key), `unknown task field ${key}`);
    for (const key of Object.keys(task.resources)) assert(skyResources.has(key), `unknown resources field ${key}`);
    assert(typeof task.name === 'string' && /^[a-z][a-z0-9-]*$/.test(task.name), `name ${task.name}`);
    eq(task.num_nodes, k.n, 'num_nodes');
    eq(task.resources.cloud, k.p, 'cloud');
    eq(task.resources.region, k.r, 'region');
    eq(task.resources.instance_type, machine(k), 'instance_type');
    eq(task.resources.use_spot, spot(k), 'use_spot');
    assert(Number.isInteger(task.resources.disk_size) && task.resources.disk_size === 256, 'disk_size');
    if (k.acc) eq(task.resources.accelerators, `${k.acc}:${k.g}`, 'accelerators');
    assert(typeof task.run === 'string' && task.run.trim().length > 0, 'run');
}

// ---- Terraform ---------------------------------------------------------------------------------------------------

const tf = {
    aws: { local: 'aws', source: 'hashicorp/aws', type: 'aws_instance', size: 'instance_type',
        spot: (r) => r.instance_market_options?.[0]?.market_type === 'spot',
        placement: (c) => c.resource.aws_placement_group?.gpu?.[0]?.strategy === 'cluster' },
    gcp: { local: 'google', source: 'hashicorp/google', type: 'google_compute_instance', size: 'machine_type',
        spot: (r) => { const s = r.scheduling?.[0] ?? {}; return s.provisioning_model === 'SPOT' && s.preemptible === true && s.automatic_restart === false; },
        placement: (c) => c.resource.google_compute_resource_policy?.gpu?.[0]?.group_placement_policy?.[0]?.collocation === 'COLLOCATED' },
    azure: { local: 'azurerm', source: 'hashicorp/azurerm', type: 'azurerm_linux_virtual_machine', size: 'size',
        spot: (r) => r.priority === 'Spot' && r.max_bid_price === -1 && typeof r.eviction_policy === 'string',
        placement: (c) => Boolean(c.resource.azurerm_proximity_placement_group?.gpu) },
    oci: { local: 'oci', source: 'oracle/oci', type: 'oci_core_instance', size: 'shape',
        spot: (r) => Boolean(r.preemptible_instance_config?.[0]?.preemption_action), placement: () => true },
    alibaba: { local: 'alicloud', source: 'aliyun/alicloud', type: 'alicloud_instance', size: 'instance_type',
        spot: (r) => r.spot_strategy === 'SpotAsPriceGo', placement: () => true },
    tencent: { local: 'tencentcloud', source: 'tencentcloudstack/tencentcloud', type: 'tencentcloud_instance', size: 'instance_type',
        spot: (r) => r.instance_charge_type === 'SPOTPAID', placement: () => true },
};
// Every ${var.x} and ${type.name...} reference names something the file declares.
function checkReferences(config, node, where) {
    if (typeof node === 'string') {
        for (const m of node.matchAll(/(?<!\$)\$\{([^}]*)\}/g)) {
            const ref = m[1].split('.');
            if (ref[0] === 'var') assert(config.variable?.[ref[1]], `${where}: undeclared variable ${ref[1]}`);
            else if (ref[0] === 'count') assert(ref[1] === 'index', `${where}: ${m[1]}`);
            else assert(config.resource?.[ref[0]]?.[ref[1].replace(/\[.*$/, '')], `${where}: unknown resource ${m[1]}`);
        }
    } else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) checkReferences(config, value, `${where}.${key}`);
    }
}
async function checkTerraform(text, k) {
    const config = await parseHcl('main.tf', text);
    const want = tf[k.p];
    eq(config.terraform?.[0]?.required_providers?.[0]?.[want.local]?.source, want.source, 'provider source');
    assert(config.provider?.[want.local], `provider block ${want.local}`);
    const blocks = config.resource?.[want.type]?.gpu;
    assert(blocks && blocks.length === 1, `resource ${want.type}.gpu`);
    const r = blocks[0];
    // hcl2json shows a literal ${ as $${, the template syntax of Terraform's JSON form
    eq(String(r[want.size]).replaceAll('$${', '${').replaceAll('%%{', '%{'), machine(k), want.size);
    eq(r.count, k.n > 1 ? k.n : undefined, 'count');
    eq(want.spot(r), spot(k), 'spot');
    if (k.n > 1) assert(want.placement(config), 'placement for several nodes');
    if (k.p === 'aws') {
        const efa = config.resource.aws_network_interface?.efa?.[0];
        eq(efa?.interface_type, k.net === 'efa' ? 'efa' : undefined, 'EFA interface');
    }
    if (k.guest) eq(r.guest_accelerator?.[0], { count: k.g, type: k.guest }, 'guest_accelerator');
    if (k.p === 'gcp') eq(r.scheduling?.[0]?.on_host_maintenance, 'TERMINATE', 'on_host_maintenance');
    checkReferences(config, config.resource, 'resource');
}

// ---- Kubernetes --------------------------------------------------------------------------------------------------

const quantity = { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^[0-9]+([KMGTPE]i?|[mkMGTPE])?$' }] };
const labelKey = { type: 'string', maxLength: 316, pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$' };
const nodePoolSchema = {
    type: 'object',
    required: ['apiVersion', 'kind', 'metadata', 'spec'],
    additionalProperties: false,
    properties: {
        apiVersion: { const: 'karpenter.sh/v1' },
        kind: { const: 'NodePool' },
        metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 } } },
        spec: {
            type: 'object', required: ['template'], additionalProperties: false,
            properties: {
                limits: { type: 'object', additionalProperties: quantity },
                weight: { type: 'integer', minimum: 1, maximum: 100 },
                disruption: { type: 'object' },
                template: {
                    type: 'object', required: ['spec'], additionalProperties: false,
                    properties: {
                        metadata: { type: 'object' },
                        spec: {
                            type: 'object', required: ['nodeClassRef', 'requirements'], additionalProperties: false,
                            properties: {
                                nodeClassRef: {
                                    type: 'object', required: ['group', 'kind', 'name'], additionalProperties: false,
                                    properties: { group: { type: 'string', minLength: 1 }, kind: { type: 'string', minLength: 1 }, name: { type: 'string', minLength: 1 } },
                                },
                                requirements: {
                                    type: 'array', maxItems: 100,
                                    items: {
                                        type: 'object', required: ['key', 'operator'], additionalProperties: false,
                                        properties: {
                                            key: labelKey,
                                            operator: { enum: ['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'] },
                                            values: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 63 } },
                                            minValues: { type: 'integer', minimum: 1, maximum: 50 },
                                        },
                                    },
                                },
                                taints: {
                                    type: 'array',
                                    items: {
                                        type: 'object', required: ['key', 'effect'], additionalProperties: false,
                                        properties: { key: labelKey, value: { type: 'string' }, effect: { enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] } },
                                    },
                                },
                                expireAfter: { type: 'string' },
                                terminationGracePeriod: { type: 'string' },
                                startupTaints: { type: 'array' },
                            },
                        },
                    },
                },
            },
        },
    },
};
const validateNodePool = new Ajv({ allErrors: true, strict: true }).compile(nodePoolSchema);
const spotSelector = { aws: ['karpenter.sh/capacity-type', 'spot'], gcp: ['cloud.google.com/gke-spot', 'true'], azure: ['kubernetes.azure.com/scalesetpriority', 'spot'] };

function checkKubernetes(text, k) {
    const docs = YAML.parseAllDocuments(text, { uniqueKeys: true, strict: true });
    for (const d of docs) assert(d.errors.length === 0, `YAML: ${d.errors.map((e) => e.message).join('; ')}`);
    const objects = docs.map((d) => d.toJS());
    const resource = k.v === 'amd' ? 'amd.com/gpu' : 'nvidia.com/gpu';
    eq(objects.map((o) => o.kind), k.p === 'aws' ? ['NodePool', 'Job'] : ['Job'], 'documents');
    if (k.p === 'aws') {
        const pool = objects[0];
        assert(validateNodePool(pool), `NodePool: ${JSON.stringify(validateNodePool.errors)}`);
        const req = Object.fromEntries(pool.spec.template.spec.requirements.map((x) => [x.key, x.values]));
        eq(req['node.kubernetes.io/instance-type'], [k.i], 'NodePool instance type');
        eq(req['topology.kubernetes.io/region'], [k.r], 'NodePool region');
        eq(req['karpenter.sh/capacity-type'], [spot(k) ? 'spot' : 'on-demand'], 'NodePool capacity type');
        eq(pool.spec.limits[resource], k.n * k.g, 'NodePool limit');
    }
    const job = objects[objects.length - 1];
    new Job(job).validate(); // throws with the schema's message
    eq(job.spec.completions, k.n, 'completions');
    eq(job.spec.parallelism, k.n, 'parallelism');
    const pod = job.spec.template.spec;
    eq(pod.nodeSelector['node.kubernetes.io/instance-type'], machine(k), 'instance-type selector');
    eq(pod.nodeSelector['topology.kubernetes.io/region'], k.r, 'region selector');
    const sel = spotSelector[k.p];
    if (sel && spot(k)) eq(pod.nodeSelector[sel[0]], sel[1], 'spot selector');
    if (sel && !spot(k) && k.p !== 'aws') eq(pod.nodeSelector[sel[0]], undefined, 'no spot selector on demand');
    if (spot(k) && (k.p === 'gcp' || k.p === 'azure'))
        assert(pod.tolerations.some((t) => t.key === sel[0] && t.value === sel[1] && t.effect === 'NoSchedule'), 'spot toleration');
    eq(pod.containers[0].resources.limits[resource], k.g, `${resource} limit`);
    assert(!JSON.stringify(job).includes(k.v === 'amd' ? 'nvidia.com' : 'amd.com'), 'the other vendor\'s resource');
}

// ---- run ---------------------------------------------------------------------------------------------------------

const checkers = { skypilot: checkSkypilot, terraform: checkTerraform, kubernetes: checkKubernetes };
for (const k of picks) {
    for (const format of k.only ?? Object.keys(checkers)) {
        await check(`${format} ${label(k)}`, async () => {
            const run = emit(format, k);
            assert(!run.error, `could not run ${bin}: ${run.error?.message}`);
            if ((k.refuse ?? []).includes(format)) {
                eq(run.status, 3, 'exit status of a refusal');
                assert(run.stderr.includes(k.p), `refusal names ${k.p}: ${run.stderr}`);
                return;
            }
            assert(run.status === 0, `exit ${run.status}: ${run.stderr}`);
            await checkers[format](run.stdout, k);
        });
    }
}
// A malformed pick is refused with exit 2 in every format.
for (const format of Object.keys(checkers)) {
    await check(`${format} refuses 0 nodes`, () => {
        const run = emit(format, { ...picks[0], n: 0 });
        eq(run.status, 2, 'exit status');
        assert(run.stderr.includes('nodes'), run.stderr);
    });
}
console.log(`export: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
