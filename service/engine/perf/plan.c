#include "engine/perf/plan.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/util.h"

/* ---- utilisation -----------------------------------------------------------------------------------------------
 *
 * utilisation = base(GPU generation) x node factor x cluster factor x size factor x data-parallel factor x precision
 * factor x mixture-of-experts factor. The base is the model FLOPs utilisation (MFU, BF16, FLOPs counted with the
 * attention as engine/perf/training.c counts them) a well-tuned job reaches on up to a few hundred nodes; the other
 * factors take away what scale, model size and precision cost. Fitted to the training cases of tests/validation
 * (the note of issue 35 lists every case's residual); the runs each figure rests on:
 *   - Hopper 0.56: NVIDIA's NeMo 24.07 performance summary (github.com/NVIDIA/NeMo, docs/source/performance/
 *     performance_summary.md, DGX-H100, FP8): GPT-3 5B to 175B, Llama 2 7B to 70B, Llama 3 8B and 70B, Nemotron 8B
 *     to 340B on 8 to 512 GPUs, 0.44-0.62 of the BF16 peak once divided by the FP8 speed-up of training.c (median
 *     0.54), i.e. 0.56 before the size factor.
 *   - Ampere 0.50: OPT-175B on 992 A100 80GB at 147 TFLOPS per GPU (47 % of 312; Zhang et al., arXiv:2205.01068,
 *     section 2.4); BLOOM 176B at ~150 TFLOPS (bigscience/bloom model card); torchtitan on 64 A100 (github.com/
 *     pytorch/torchtitan, docs/performance.md): Llama 3 8B 56.8-58.2 %, 70B 51.7 %, Llama 2 13B 53.8-61.1 %.
 *   - Blackwell 0.56: the Megatron-Bridge performance summary (github.com/NVIDIA-NeMo/Megatron-Bridge,
 *     docs/performance-summary.md, 25.11, DGX-B200): Llama 3 8B FP8 at 1,576 model TFLOP/s per GPU, 0.70 of the
 *     2,250 BF16 peak, 0.50 after the FP8 speed-up, 0.57 before the size factor.
 *   - Volta 0.30: Megatron-LM, 39 TFLOPS per V100, 30 % of its 125 (Shoeybi et al., arXiv:1909.08053, section 5.1).
 * AMD CDNA has no published MFU of a comparable run: a cautious 0.40 (stated in `why`). */
typedef struct generation_mfu {
    const char *architecture;
    double base;
    const char *source;
} generation_mfu;

/* Keyed by the catalog's architecture ids (gpus.architecture: lower case, as GET /v1/gpus shows them). */
static const generation_mfu generations[] = {
    {"hopper", 0.56, "NeMo 24.07 on DGX-H100, 8-512 GPUs"},
    {"ampere", 0.50, "OPT-175B, BLOOM and torchtitan on A100"},
    {"volta", 0.30, "Megatron-LM on V100 (30 %)"},
    {"blackwell", 0.56, "Megatron-Bridge 25.11 Llama 3 8B on DGX-B200"},
};
#define DEFAULT_GENERATION_MFU 0.40

/* PCIe 4.0 x16 moves 32 GB/s each way against 600 GB/s for A100's NVLink (NVIDIA A100 datasheet): splitting every
 * layer's matrices across a node's GPUs (tensor parallelism, two all-reduces per layer: Shoeybi et al., section 3)
 * then waits on the bus. The factors are this project's estimate, not a published fit: a node that only exchanges
 * gradients once per step (data parallel) loses little, one that splits layers over PCIe loses much. */
#define PCIE_TENSOR_PARALLEL_FACTOR 0.6
#define PCIE_DATA_PARALLEL_FACTOR 0.9

/* Cluster factor 1 / (1 + k x ratio x log2(nodes / free)) beyond free nodes, 1 up to them: NeMo's GPT-3 175B keeps
 * its per-GPU rate from 16 to 64 nodes (726 and 782 tokens/s, performance summary above) and Llama 2 was trained on
 * A100 clusters at 43-47 % MFU, while Meta's Llama 3 runs on 1,024-2,048 H100 nodes reach 38-43 % (Dubey et al.,
 * "The Llama 3 Herd of Models", arXiv:2407.21783, table 4) against NeMo's ~54 % on a few nodes. The ratio is the
 * node's BF16 peak per Gbps of cluster network against a DGX-H100 on 3,200 Gbps (7,915 / 3,200 TFLOPS per Gbps): a
 * node that computes faster for the same network waits longer. k = 0.2 and free = 256 nodes fit the Llama 2 / Llama 3
 * model-card GPU-hours with the factors below. On a slower network than those runs had (ratio above 1) the free range
 * shrinks with the square of the ratio, to one node from a ratio of 16 (a DGX-H100 on 200 Gbps): this project's
 * choice, as no published run measures a slow fabric. k x ratio is held at most 0.6, so that one more node never
 * makes the job slower (nodes x factor keeps rising: its derivative is positive while k x ratio < ln 2). */
#define CLUSTER_FREE_NODES 256.0
#define CLUSTER_K 0.2
#define CLUSTER_REFERENCE_TFLOPS_PER_GBPS (8.0 * 989.4 / 3200.0)
#define CLUSTER_MAX_SLOPE 0.6

/* Data-parallel factor 1 / (1 + 0.5 x ln(x / 80)) when x > 80, with x = GPUs per billion active parameters x the
 * GPU's BF16 peak / H100's 989: with the global batch of a run fixed (Llama 3: 16M tokens, Dubey et al., section
 * 3.4.1), more GPUs per parameter leave each GPU less work per step against the same gradient exchange. Meta's
 * model cards (github.com/meta-llama/llama-models, models/llama3 and llama3_1 MODEL_CARD.md) put Llama 3 8B at 1.3M
 * and 3.1 8B at 1.46M H100-hours for ~15T tokens (16-18 % MFU), 70B at 6.4M and 7.0M (27-30 %) and 3.1 405B at
 * 30.84M (35 %): the smaller the model on the same cluster, the lower. 0.5 and 80 fit those five figures. */
#define DATA_PARALLEL_FREE_GPUS_PER_B 80.0
#define DATA_PARALLEL_SLOPE 0.5
#define REFERENCE_BF16_TFLOPS 989.4

/* Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM" (SC '21,
 * arXiv:2104.04473), table 1: 137 TFLOPS per A100 at 1.7B parameters against 163 at 1T: small models keep GPUs less
 * busy (smaller matrices, more time in non-matmul work). size factor = 0.84 + 0.053 x log10(params / 1.7B), kept
 * within [0.6, 1]: 0.84 at 1.7B, 0.99 at 1T. */
double plan_size_factor(double params_b)
{
    if (!(params_b > 0))
        return 1.0;
    double f = 0.84 + 0.053 * log10(params_b / 1.7);
    return f < 0.6 ? 0.6 : f > 1.0 ? 1.0 : f;
}

static const generation_mfu *generation_of(const char *architecture)
{
    for (size_t i = 0; i < sizeof generations / sizeof generations[0]; i++)
        if (architecture != NULL && util_same_text(architecture, generations[i].architecture))
            return &generations[i];
    return NULL;
}

static bool joined_by_a_gpu_fabric(const char *interconnect)
{
    return interconnect != NULL &&
           (util_same_text(interconnect, "nvswitch") || util_same_text(interconnect, "nvlink") ||
            util_same_text(interconnect, "xgmi"));
}

void plan_factors_of(const plan_fabric *fabric, double size_factor, bool tensor_parallel, plan_factors *out)
{
    const generation_mfu *gen = generation_of(fabric->gpu_architecture);
    out->fabric = *fabric;
    out->base = gen != NULL ? gen->base : DEFAULT_GENERATION_MFU;
    out->base_source = gen != NULL ? gen->source : "no published run: a cautious default";
    out->on_gpu_fabric = joined_by_a_gpu_fabric(fabric->gpu_interconnect);
    out->tensor_parallel = tensor_parallel;
    out->node_factor = out->on_gpu_fabric ? 1.0
                       : tensor_parallel  ? PCIE_TENSOR_PARALLEL_FACTOR
                                          : PCIE_DATA_PARALLEL_FACTOR;
    out->size_factor = size_factor;
    out->gpus_per_node = 0;
    out->gpu_bf16_tflops = 0;
    out->active_params_b = 0;
    out->precision_factor = 1.0;
    out->moe_factor = 1.0;
}

void plan_factors_set_job(plan_factors *f, double gpus_per_node, double gpu_bf16_tflops, double active_params_b,
                          double precision_factor, double moe_factor)
{
    f->gpus_per_node = gpus_per_node;
    f->gpu_bf16_tflops = gpu_bf16_tflops;
    f->active_params_b = active_params_b;
    f->precision_factor = precision_factor > 0 ? precision_factor : 1.0;
    f->moe_factor = moe_factor > 0 ? moe_factor : 1.0;
}

static double cluster_factor(const plan_factors *f, unsigned nodes)
{
    if (nodes <= 1)
        return 1.0;
    double gbps = f->fabric.cluster_network_gbps > 0 ? f->fabric.cluster_network_gbps : 1.0;
    double node_tflops = f->gpus_per_node > 0 && f->gpu_bf16_tflops > 0 ? f->gpus_per_node * f->gpu_bf16_tflops
                                                                          : 8.0 * REFERENCE_BF16_TFLOPS;
    double ratio = (node_tflops / gbps) / CLUSTER_REFERENCE_TFLOPS_PER_GBPS;
    double free_nodes = ratio > 1.0 ? CLUSTER_FREE_NODES / (ratio * ratio) : CLUSTER_FREE_NODES;
    if (free_nodes < 1.0)
        free_nodes = 1.0;
    if ((double)nodes <= free_nodes)
        return 1.0;
    double slope = CLUSTER_K * ratio;
    if (slope > CLUSTER_MAX_SLOPE)
        slope = CLUSTER_MAX_SLOPE;
    return 1.0 / (1.0 + slope * log2((double)nodes / free_nodes));
}

/* 1 when the GPUs per node, their peak or the model is not known. */
static double data_parallel_factor(const plan_factors *f, unsigned nodes)
{
    if (!(f->gpus_per_node > 0) || !(f->gpu_bf16_tflops > 0) || !(f->active_params_b > 0))
        return 1.0;
    double x = (double)nodes * f->gpus_per_node / f->active_params_b * f->gpu_bf16_tflops / REFERENCE_BF16_TFLOPS;
    if (x <= DATA_PARALLEL_FREE_GPUS_PER_B)
        return 1.0;
    return 1.0 / (1.0 + DATA_PARALLEL_SLOPE * log(x / DATA_PARALLEL_FREE_GPUS_PER_B));
}

/* The product in the order the why text lists it (base, node, cluster, size, data-parallel, precision, experts), so
 * a value and its text agree to the last bit. */
static double utilization_of(const plan_factors *f, double cluster, double data_parallel)
{
    return f->base * f->node_factor * cluster * f->size_factor * data_parallel * f->precision_factor * f->moe_factor;
}

double plan_factors_utilization(const plan_factors *f, unsigned nodes)
{
    return utilization_of(f, cluster_factor(f, nodes), data_parallel_factor(f, nodes));
}

double plan_utilization_value(const plan_fabric *fabric, unsigned nodes, double params_b, bool tensor_parallel)
{
    plan_factors f;
    plan_factors_of(fabric, plan_size_factor(params_b), tensor_parallel, &f);
    return plan_factors_utilization(&f, nodes);
}

/* Appends to why what fmt formats, cut to fit; *used counts what is written. */
static void why_add(char *why, size_t why_len, int *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void why_add(char *why, size_t why_len, int *used, const char *fmt, ...)
{
    if (*used < 0 || (size_t)*used >= why_len)
        return;
    va_list args;
    va_start(args, fmt);
    int wrote = numfmt_vformat(why + *used, why_len - (size_t)*used, fmt, args);
    va_end(args);
    if (wrote > 0)
        *used += wrote;
}

void plan_factors_why(const plan_factors *f, unsigned nodes, double params_b, char *why, size_t why_len)
{
    const plan_fabric *fabric = &f->fabric;
    int used = numfmt_format(why, why_len, "%.0f%% for %s (%s) x %.2f %s x %.2f for %u node%s x %.2f for %g B params",
                             f->base * 100.0, fabric->gpu_architecture ? fabric->gpu_architecture : "this GPU",
                             f->base_source, f->node_factor,
                             f->on_gpu_fabric     ? "on its GPU fabric"
                             : f->tensor_parallel ? "splitting layers over PCIe"
                                                  : "on PCIe",
                             cluster_factor(f, nodes), nodes, nodes == 1 ? "" : "s", f->size_factor, params_b);
    if (nodes > 1)
        why_add(why, why_len, &used, " (%s at %.0f Gbps per node)",
                fabric->cluster_network ? fabric->cluster_network : "cluster network", fabric->cluster_network_gbps);
    double data_parallel = data_parallel_factor(f, nodes);
    if (data_parallel < 1.0)
        why_add(why, why_len, &used, " x %.2f for %.0f GPUs per billion active params", data_parallel,
                (double)nodes * f->gpus_per_node / f->active_params_b);
    if (f->precision_factor != 1.0)
        why_add(why, why_len, &used, " x %.2f for FP8 (%.2fx BF16's speed in published runs, not the peaks' 2x)",
                f->precision_factor, f->precision_factor * 2.0);
    if (f->moe_factor != 1.0)
        why_add(why, why_len, &used, " x %.2f for a mixture of experts (all-to-all, smaller matrices)", f->moe_factor);
}

void plan_factors_estimate(const plan_factors *f, unsigned nodes, double params_b, plan_utilization *out)
{
    out->base = f->base;
    out->node_factor = f->node_factor;
    out->cluster_factor = cluster_factor(f, nodes);
    out->size_factor = f->size_factor;
    out->data_parallel_factor = data_parallel_factor(f, nodes);
    out->precision_factor = f->precision_factor;
    out->moe_factor = f->moe_factor;
    out->value = utilization_of(f, out->cluster_factor, out->data_parallel_factor);
    plan_factors_why(f, nodes, params_b, out->why, sizeof out->why);
}

void plan_utilization_estimate(const plan_fabric *fabric, unsigned nodes, double params_b, bool tensor_parallel,
                               plan_utilization *out)
{
    plan_factors f;
    plan_factors_of(fabric, plan_size_factor(params_b), tensor_parallel, &f);
    plan_factors_estimate(&f, nodes, params_b, out);
}

double plan_job_hours(double flops, unsigned nodes, double node_peak_tflops, double utilization)
{
    if (!(flops > 0) || nodes == 0 || !(node_peak_tflops > 0) || !(utilization > 0))
        return NAN;
    return flops / ((double)nodes * node_peak_tflops * 1e12 * utilization) / 3600.0;
}

static bool meets(const plan_factors *f, double flops, double node_peak_tflops, double deadline_hours,
                  unsigned nodes)
{
    return plan_job_hours(flops, nodes, node_peak_tflops, plan_factors_utilization(f, nodes)) <= deadline_hours;
}

/* nodes x cluster factor rises with nodes for every node count the limits allow (its derivative is positive while
 * k x 3200 / Gbps x (log2 n - 1/ln 2) < 1, true to beyond 4,096 nodes at 25 Gbps), so the hours fall with nodes: the
 * counts that meet the deadline are the ones from the answer up. The search starts at a guess, the count at which the
 * job on one node's utilisation would need the cluster factor of the count guessed before (two steps of that fixed
 * point land on the answer or next to it, as the factor varies slowly), then brackets the answer and bisects, so its
 * result is the smallest count whatever the guess. */
unsigned plan_factors_nodes_for_deadline(const plan_factors *f, double flops, double node_peak_tflops,
                                         double deadline_hours, unsigned min_nodes, unsigned max_nodes)
{
    if (min_nodes == 0)
        min_nodes = 1;
    if (max_nodes < min_nodes || !(deadline_hours > 0))
        return 0;
    if (!meets(f, flops, node_peak_tflops, deadline_hours, max_nodes))
        return 0;
    double one_node = plan_job_hours(flops, 1, node_peak_tflops, utilization_of(f, 1.0, 1.0));
    unsigned guess = min_nodes;
    for (int step = 0; step < 2; step++) {
        double want = one_node / deadline_hours / (cluster_factor(f, guess) * data_parallel_factor(f, guess));
        guess = !(want > min_nodes) ? min_nodes : want >= max_nodes ? max_nodes : (unsigned)ceil(want);
    }
    /* lo..hi holds the answer: nothing below lo meets the deadline, hi does */
    unsigned lo = min_nodes, hi = max_nodes;
    if (meets(f, flops, node_peak_tflops, deadline_hours, guess)) {
        hi = guess;
        if (guess > lo && !meets(f, flops, node_peak_tflops, deadline_hours, guess - 1))
            return guess;
    } else {
        lo = guess + 1;
        if (lo < hi && meets(f, flops, node_peak_tflops, deadline_hours, lo))
            return lo;
    }
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (meets(f, flops, node_peak_tflops, deadline_hours, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

unsigned plan_nodes_for_deadline(const plan_fabric *fabric, double params_b, bool tensor_parallel, double flops,
                                 double node_peak_tflops, double deadline_hours, unsigned min_nodes,
                                 unsigned max_nodes)
{
    plan_factors f;
    plan_factors_of(fabric, plan_size_factor(params_b), tensor_parallel, &f);
    return plan_factors_nodes_for_deadline(&f, flops, node_peak_tflops, deadline_hours, min_nodes, max_nodes);
}

unsigned plan_factors_nodes_while_scaling_pays(const plan_factors *f, unsigned min_nodes, unsigned max_nodes)
{
    unsigned nodes = min_nodes == 0 ? 1 : min_nodes;
    /* hours are proportional to 1 / (nodes x utilisation): compare those instead of a job's flops */
    for (;;) {
        unsigned next = nodes * 2 > max_nodes ? max_nodes : nodes * 2;
        if (next <= nodes)
            return nodes;
        double now = plan_factors_utilization(f, nodes);
        double then = plan_factors_utilization(f, next);
        double speedup = ((double)next * then) / ((double)nodes * now);
        double wanted = 1.0 + (PLAN_DOUBLING_MIN_SPEEDUP - 1.0) * (double)(next - nodes) / (double)nodes;
        if (speedup < wanted)
            return nodes;
        nodes = next;
    }
}

unsigned plan_nodes_while_scaling_pays(const plan_fabric *fabric, double params_b, bool tensor_parallel,
                                       unsigned min_nodes, unsigned max_nodes)
{
    plan_factors f;
    plan_factors_of(fabric, plan_size_factor(params_b), tensor_parallel, &f);
    return plan_factors_nodes_while_scaling_pays(&f, min_nodes, max_nodes);
}

/* ---- spot ------------------------------------------------------------------------------------------------------
 *
 * AWS's Spot Instance Advisor (aws.amazon.com/ec2/spot/instance-advisor/) publishes per instance type and region the
 * "frequency of interruption": the share of instances Spot reclaimed over the trailing month, in bands of <5 %,
 * 5-10 %, 10-15 %, 15-20 % and >20 %. A band's middle p (2.5 % for "<5%", 25 % taken for ">20%") a month of 730 hours
 * is a rate of -ln(1 - p) / 730 per node-hour (a Poisson process). Google documents preemption of its preemptible VMs
 * as "generally between 5% and 15% per day" on a seven-day average (cloud.google.com/compute/docs/instances/
 * preemptible): 10 % a day, -ln(0.9) / 24 per hour, for GCP and, lacking any published rate, for the other
 * providers too (a cautious default: it is above every AWS band). Azure publishes eviction rates per size and region
 * only in its portal, in the same 0-5 %... 20+ % bands as AWS (learn.microsoft.com/azure/virtual-machines/spot-vms):
 * the feed's band is used when a price row carries one, else the default. */
#define HOURS_PER_MONTH 730.0

/* The published bands and their middles, the mildest first (plan_spot_mildest_band()). */
static const struct {
    const char *band;
    double middle;
} spot_bands[] = {{"<5%", 0.025}, {"5-10%", 0.075}, {"10-15%", 0.125}, {"15-20%", 0.175}, {">20%", 0.25}};

static double band_middle(const char *band)
{
    if (band == NULL)
        return NAN;
    for (size_t i = 0; i < sizeof spot_bands / sizeof spot_bands[0]; i++)
        if (strcmp(band, spot_bands[i].band) == 0)
            return spot_bands[i].middle;
    return NAN;
}

const char *plan_spot_mildest_band(void)
{
    return spot_bands[0].band;
}

double plan_spot_rate(const char *provider_id, const char *interruption_band, const char **source)
{
    double middle = band_middle(interruption_band);
    if (!isnan(middle)) {
        *source = "the provider's published interruption band for this type and region (a month's share, as a "
                  "Poisson rate)";
        return -log1p(-middle) / HOURS_PER_MONTH;
    }
    *source = provider_id != NULL && strcmp(provider_id, "gcp") == 0
                  ? "Google's stated preemption of 5-15% per day (10% taken)"
                  : "no published rate for this offer: a cautious default of 10% per day (Google's stated figure)";
    return -log1p(-0.10) / 24.0;
}

/* Daly, "A higher order estimate of the optimum checkpoint interval for restart dumps" (Future Generation Computer
 * Systems 22(3), 2006), equation 3 with no dump time: a segment of t hours of work, lost at rate L and resumed after
 * R hours each time, takes (1/L + R) x (e^(L t) - 1) hours on average. A job of T hours checkpointed every c hours is
 * T / c such segments; without checkpoints it is one segment of T. */
int plan_spot_overhead(double rate_per_node_hour, unsigned nodes, double job_hours, double checkpoint_hours,
                       double restart_hours, plan_spot *out)
{
    memset(out, 0, sizeof *out);
    if (!(rate_per_node_hour >= 0) || nodes == 0 || !(job_hours > 0) || !(checkpoint_hours >= 0) ||
        !(restart_hours >= 0))
        return -1;
    double fleet_rate = rate_per_node_hour * (double)nodes;
    out->rate_per_node_hour = rate_per_node_hour;
    out->fleet_rate_per_hour = fleet_rate;
    if (fleet_rate == 0) {
        out->expected_hours = job_hours;
        return 0;
    }
    double segment = checkpoint_hours > 0 && checkpoint_hours < job_hours ? checkpoint_hours : job_hours;
    double exponent = fleet_rate * segment;
    if (exponent > 700) { /* e^700 is near DBL_MAX: the job is expected never to finish */
        out->overhead_fraction = INFINITY;
        out->expected_hours = INFINITY;
        out->expected_interruptions = INFINITY;
        return 0;
    }
    double per_segment = (1.0 / fleet_rate + restart_hours) * expm1(exponent);
    out->expected_hours = job_hours / segment * per_segment;
    out->overhead_fraction = out->expected_hours / job_hours - 1.0;
    /* each segment is retried until it survives: e^(L t) - 1 failures on average (geometric) */
    out->expected_interruptions = job_hours / segment * expm1(exponent);
    return 0;
}
