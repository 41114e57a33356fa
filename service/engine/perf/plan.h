/* Planning a job at scale: the utilisation a cluster reaches (GPU generation, node fabric, cluster fabric and its
 * bandwidth, node count, model size), how many nodes finish by a deadline, and what spot interruptions cost.
 *
 * Pure functions: no I/O, no allocation, no globals. Every figure and the published runs each model is fitted to are
 * cited beside their definitions in plan.c. */
#ifndef GPUREC_PLAN_H
#define GPUREC_PLAN_H

#include <stdbool.h>
#include <stddef.h>

/* What a node offers a distributed job. Strings are the catalog's (borrowed). */
typedef struct plan_fabric {
    const char *gpu_architecture; /* the catalog's id: "ampere", "hopper", "blackwell", "ada-lovelace", "cdna3", ... */
    const char *gpu_interconnect; /* nvswitch | nvlink | xgmi | pcie | none */
    const char *cluster_network;  /* efa | infiniband | roce | tcpx | none */
    double cluster_network_gbps;  /* per node */
} plan_fabric;

/* The model FLOPs utilisation a plan assumes, and why, in words with its numbers. */
typedef struct plan_utilization {
    double value;
    double base;           /* the GPU generation's single-node figure */
    double node_factor;    /* intra-node fabric */
    double cluster_factor; /* cluster fabric, bandwidth and node count */
    double size_factor;    /* model size */
    double data_parallel_factor; /* GPUs per billion active parameters */
    double precision_factor;     /* FP8 against BF16 (engine/perf/training.h) */
    double moe_factor;           /* mixture of experts */
    char why[512];
} plan_utilization;

/* Utilisation of a dense transformer training job of params_b billion parameters on nodes nodes. tensor_parallel is
 * whether the model is split across the GPUs of a node (it does not fit one GPU), which is what a PCIe node pays
 * for. */
void plan_utilization_estimate(const plan_fabric *fabric, unsigned nodes, double params_b, bool tensor_parallel,
                               plan_utilization *out);
/* The same figure without the words, for the planner's searches (no text formatted). */
double plan_utilization_value(const plan_fabric *fabric, unsigned nodes, double params_b, bool tensor_parallel);

/* The model-size factor of the utilisation for a model of params_b billion parameters (those that compute per
 * token): 1 when unknown. */
double plan_size_factor(double params_b);

/* The parts of a plan's utilisation that do not depend on its node count, found once per node type and model: the
 * planner's searches then vary only the cluster factor. */
typedef struct plan_factors {
    plan_fabric fabric;
    double base, node_factor, size_factor;
    /* the job on the node type (plan_factors_set_job()); 0 = not known, the factor they set is then 1 */
    double gpus_per_node, gpu_bf16_tflops, active_params_b;
    double precision_factor, moe_factor; /* 1 unless set */
    const char *base_source; /* the published run the base is fitted to (static) */
    bool on_gpu_fabric, tensor_parallel;
} plan_factors;

void plan_factors_of(const plan_fabric *fabric, double size_factor, bool tensor_parallel, plan_factors *out);
/* What the job brings to the factors: the node's GPU count and BF16 peak per GPU (the cluster factor's compute per
 * Gbps and the data-parallel factor's GPUs per parameter), the active parameters, and the precision and
 * mixture-of-experts factors of engine/perf/training.h. */
void plan_factors_set_job(plan_factors *f, double gpus_per_node, double gpu_bf16_tflops, double active_params_b,
                          double precision_factor, double moe_factor);
/* plan_utilization_value(), plan_utilization_estimate(), plan_nodes_for_deadline() and
 * plan_nodes_while_scaling_pays() of the factors' fabric and model (params_b is the size factor's, for the words). */
double plan_factors_utilization(const plan_factors *f, unsigned nodes);
void plan_factors_estimate(const plan_factors *f, unsigned nodes, double params_b, plan_utilization *out);
/* The words of plan_factors_estimate() alone (its why), into why (why_len bytes, cut to fit). */
void plan_factors_why(const plan_factors *f, unsigned nodes, double params_b, char *why, size_t why_len);
unsigned plan_factors_nodes_for_deadline(const plan_factors *f, double flops, double node_peak_tflops,
                                         double deadline_hours, unsigned min_nodes, unsigned max_nodes);
unsigned plan_factors_nodes_while_scaling_pays(const plan_factors *f, unsigned min_nodes, unsigned max_nodes);

/* Smallest nodes in [min_nodes, max_nodes] whose job of flops, at per-node dense peak node_peak_tflops and the
 * utilisation plan_utilization_estimate gives, takes at most deadline_hours; 0 when even max_nodes cannot. */
unsigned plan_nodes_for_deadline(const plan_fabric *fabric, double params_b, bool tensor_parallel, double flops,
                                 double node_peak_tflops, double deadline_hours, unsigned min_nodes,
                                 unsigned max_nodes);
/* For objective time: from min_nodes, doubling while a doubling still cuts the job's hours by at least
 * PLAN_DOUBLING_MIN_SPEEDUP, within max_nodes. */
#define PLAN_DOUBLING_MIN_SPEEDUP 1.6
unsigned plan_nodes_while_scaling_pays(const plan_fabric *fabric, double params_b, bool tensor_parallel,
                                       unsigned min_nodes, unsigned max_nodes);
/* Wall-clock hours of flops on nodes nodes of node_peak_tflops at utilization; NAN when an input is not positive. */
double plan_job_hours(double flops, unsigned nodes, double node_peak_tflops, double utilization);

/* ---- spot ---------------------------------------------------------------------------------------------------- */

/* Interruptions per node-hour for a provider's published band or guidance: AWS's spot advisor band ("<5%", "5-10%",
 * ... ">20%" of instances reclaimed in a month), else the provider's stated guidance, else a cautious default. The
 * source is a static string naming where the rate comes from. */
double plan_spot_rate(const char *provider_id, const char *interruption_band, const char **source);
/* The band of the lowest rate plan_spot_rate() gives (static). Every rate it gives lies between this band's and the
 * cautious default's (a NULL band). */
const char *plan_spot_mildest_band(void);

#define PLAN_DEFAULT_CHECKPOINT_MINUTES 60.0
#define PLAN_DEFAULT_RESTART_MINUTES 15.0

typedef struct plan_spot {
    double rate_per_node_hour;
    double fleet_rate_per_hour;     /* nodes x rate: the chance per hour that one of the nodes goes */
    double expected_interruptions;  /* over the expected wall-clock time */
    double overhead_fraction;       /* expected extra wall-clock time / the uninterrupted time; INFINITY = never */
    double expected_hours;
} plan_spot;

/* The expected wall-clock time of a job of job_hours on nodes spot nodes, each lost at rate_per_node_hour, that
 * checkpoints every checkpoint_hours (0 = never: an interruption restarts the job) and needs restart_hours to resume.
 * 0, or -1 when an input is not usable. */
int plan_spot_overhead(double rate_per_node_hour, unsigned nodes, double job_hours, double checkpoint_hours,
                       double restart_hours, plan_spot *out);

#endif
