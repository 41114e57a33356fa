#include "engine/perf/plan.h"

#include <math.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/util.h"

/* ---- utilisation -----------------------------------------------------------------------------------------------
 *
 * utilisation = base(GPU generation) x node factor x cluster factor x size factor. The figures are fitted to the
 * published model FLOPs utilisation (MFU) of large dense training runs:
 *   - Hopper: Llama 3 405B on 8,192 H100 at 430 TFLOPS per GPU (43 %) and on 16,384 at 400 (41 %) and 380 (38 %, with
 *     context parallelism); 8 GPUs per node on NVLink, 400 Gbps RoCE per GPU (Dubey et al., "The Llama 3 Herd of
 *     Models", arXiv:2407.21783, section 3.3 and table 4).
 *   - Ampere: OPT-175B on 992 A100 80GB at 147 TFLOPS per GPU (47 % of 312; Zhang et al., arXiv:2205.01068,
 *     section 2.4); Llama 2 70B: 2T tokens in 1,720,320 A100-hours (Touvron et al., arXiv:2307.09288, table 2), i.e.
 *     6 x 70e9 x 2e12 / (1,720,320 x 3600 s) = 136 TFLOPS, 43.5 %; MegaScale, 175B on 12,288 GPUs at 55.2 % (Jiang
 *     et al., NSDI '24, arXiv:2402.15627), the best published, which this model does not reach (the note lists it).
 *   - Volta: Megatron-LM, 39 TFLOPS per V100, 30 % of its 125 (Shoeybi et al., arXiv:1909.08053, section 5.1).
 * Blackwell and AMD CDNA have no published MFU of a comparable run: they take a cautious 0.40 (stated in `why`). */
typedef struct generation_mfu {
    const char *architecture;
    double base;
    const char *source;
} generation_mfu;

/* Keyed by the catalog's architecture ids (gpus.architecture: lower case, as GET /v1/gpus shows them). */
static const generation_mfu generations[] = {
    {"hopper", 0.47, "Llama 3 405B on H100 (38-43 %)"},
    {"ampere", 0.50, "OPT-175B (47 %) and Llama 2 70B (43.5 %) on A100"},
    {"volta", 0.30, "Megatron-LM on V100 (30 %)"},
    {"blackwell", 0.40, "no published run: a cautious default"},
};
#define DEFAULT_GENERATION_MFU 0.40

/* PCIe 4.0 x16 moves 32 GB/s each way against 600 GB/s for A100's NVLink (NVIDIA A100 datasheet): splitting every
 * layer's matrices across a node's GPUs (tensor parallelism, two all-reduces per layer: Shoeybi et al., section 3)
 * then waits on the bus. The factors are this project's estimate, not a published fit: a node that only exchanges
 * gradients once per step (data parallel) loses little, one that splits layers over PCIe loses much. */
#define PCIE_TENSOR_PARALLEL_FACTOR 0.6
#define PCIE_DATA_PARALLEL_FACTOR 0.9

/* Cluster factor 1 / (1 + k x log2(nodes) x 3200 / Gbps per node): collectives grow with log2 of the ring or tree
 * size and shrink with bandwidth. 3,200 Gbps is the reference node of the Llama 3 run (8 x 400 Gbps); k = 0.006 fits
 * its 1,024-node (43 %) and 2,048-node (41 %) points within 5 % with the Hopper base and size factor here. */
#define CLUSTER_REFERENCE_GBPS 3200.0
#define CLUSTER_K 0.006

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
}

static double cluster_factor(const plan_fabric *fabric, unsigned nodes)
{
    if (nodes <= 1)
        return 1.0;
    double gbps = fabric->cluster_network_gbps > 0 ? fabric->cluster_network_gbps : 1.0;
    return 1.0 / (1.0 + CLUSTER_K * log2((double)nodes) * CLUSTER_REFERENCE_GBPS / gbps);
}

/* The product in the order the why text lists it (base, node, cluster, size), so a value and its text agree to the
 * last bit. */
static double utilization_of(const plan_factors *f, double cluster)
{
    return f->base * f->node_factor * cluster * f->size_factor;
}

double plan_factors_utilization(const plan_factors *f, unsigned nodes)
{
    return utilization_of(f, cluster_factor(&f->fabric, nodes));
}

double plan_utilization_value(const plan_fabric *fabric, unsigned nodes, double params_b, bool tensor_parallel)
{
    plan_factors f;
    plan_factors_of(fabric, plan_size_factor(params_b), tensor_parallel, &f);
    return plan_factors_utilization(&f, nodes);
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
                             cluster_factor(fabric, nodes), nodes, nodes == 1 ? "" : "s", f->size_factor, params_b);
    if (nodes > 1 && used >= 0 && (size_t)used < why_len)
        numfmt_format(why + used, why_len - (size_t)used, " (%s at %.0f Gbps per node)",
                      fabric->cluster_network ? fabric->cluster_network : "cluster network",
                      fabric->cluster_network_gbps);
}

void plan_factors_estimate(const plan_factors *f, unsigned nodes, double params_b, plan_utilization *out)
{
    out->base = f->base;
    out->node_factor = f->node_factor;
    out->cluster_factor = cluster_factor(&f->fabric, nodes);
    out->size_factor = f->size_factor;
    out->value = utilization_of(f, out->cluster_factor);
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
    double one_node = plan_job_hours(flops, 1, node_peak_tflops, utilization_of(f, 1.0));
    unsigned guess = min_nodes;
    for (int step = 0; step < 2; step++) {
        double want = one_node / deadline_hours / cluster_factor(&f->fabric, guess);
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

static double band_middle(const char *band)
{
    if (band == NULL)
        return NAN;
    if (strcmp(band, "<5%") == 0)
        return 0.025;
    if (strcmp(band, "5-10%") == 0)
        return 0.075;
    if (strcmp(band, "10-15%") == 0)
        return 0.125;
    if (strcmp(band, "15-20%") == 0)
        return 0.175;
    if (strcmp(band, ">20%") == 0)
        return 0.25;
    return NAN;
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
