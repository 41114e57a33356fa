/* POST /v1/recommend: sizes a workload and ranks the catalog's offers for it (recommend.c does the work).
 *
 * Request body (application/json, an object; any member not listed here is a 422 field error):
 *   workload            object, required
 *     kind              string, required: training | fine_tuning | inference | hpc | rendering | general
 *     model_params_b    number 0.001..100000, billions of parameters; required for training and fine_tuning, and for
 *                       inference unless min_gpu_memory_gb is given
 *     precision         string: fp64 | fp32 | tf32 | bf16 | fp16 | fp8 | int8 | int4. Default: bf16 for training and
 *                       fine_tuning, fp16 for inference, fp64 for hpc, fp32 for rendering and general
 *     tokens_b          number 0.000001..1000000, billions of training tokens; training and fine_tuning only; not
 *                       together with hours. Gives FLOPs, then time and job cost per instance
 *     batch_size        integer 1..1000000 (inference: KV cache, with sequence_length; training: micro-batch, default 1)
 *     sequence_length   integer 1..100000000 (training default 2048)
 *     latency_sensitive boolean, default false: inference prefers the model on one GPU or one NVLink domain
 *     checkpointing     boolean, default false: with no constraints.pricing, spot is considered only when true
 *     min_gpu_memory_gb number 0.1..10000000: GPU memory the job needs in total, raising any derived figure
 *     gpus              integer 1..100000: exact total GPU count (nodes x GPUs per node must equal it)
 *     hours             number 0.01..87600: job length when known (not with tokens_b); gives the job's cost
 *     bound             string: compute | memory_bandwidth. Default memory_bandwidth for inference (decode streams
 *                       the weights per token), compute otherwise. memory_bandwidth ranks by GB/s instead of FLOPS
 *                       (ZK provers, GPU databases, LLM decode)
 *     utilization       number 0.01..1, default 0.4: share of dense peak the job sustains (time = FLOPs / (GPUs x
 *                       peak x utilization))
 *   constraints         object, optional
 *     providers         array of up to 256 provider ids (e.g. "aws"); each must exist in the catalog
 *     regions           array of up to 256 region ids (e.g. "us-east-1"); each must exist at some provider
 *     pricing           array of at least 1 of: on_demand | spot | reserved_1y | reserved_3y | savings_plan_1y |
 *                       savings_plan_3y. Default ["on_demand"], plus "spot" when workload.checkpointing is true
 *     max_hourly_usd    number 0.0001..10000000: cap on hourly_usd (all nodes)
 *     max_total_usd     number 0.01..1e12: cap on estimated_total_usd; needs workload.hours or workload.tokens_b
 *     require_ecc       boolean: only GPUs with ECC memory
 *     require_nvlink    boolean: only instances whose GPUs are joined by NVLink or NVSwitch
 *     require_fp64      boolean: only GPUs with real FP64 (at least 1/8 of their FP32 rate); implied by precision fp64
 *     gpu_models        array of GPU ids (e.g. "h100-sxm-80gb"): only these; each must exist in the catalog
 *     exclude_gpu_models array of GPU ids: never these
 *     min_gpus, max_gpus integer 1..100000: bounds on the total GPU count (GPUs per node x nodes); min <= max.
 *                       min_gpus adds nodes beyond what memory needs on instances with a cluster network
 *     max_nodes         integer 1..1024: default 1 for inference, rendering and general; 4 for training,
 *                       fine_tuning and hpc. More than one node needs an instance with a cluster network
 *   objective           string: cost | time | balanced | efficiency; default balanced
 *   limit               integer 1..100, default 5
 *
 * Response 200 (application/json):
 *   requirements {kind, gpu_memory_gb (number, total across the job), weights_gb (number|null), precision,
 *                 bytes_per_param (number), peak_metric (the GPU field used: fp64_tflops | fp32_tflops | tf32_tflops |
 *                 bf16_tflops | fp16_tflops | fp8_tflops | int8_tops), bound (compute | memory_bandwidth),
 *                 flops (number|null), utilization (number), job_hours (number|null: workload.hours),
 *                 max_nodes (integer), pricing (array of the pricing models considered), formula (string)}
 *   objective    string, the objective used
 *   score_metric string: what the score compares (e.g. "estimated_total_usd")
 *   recommendations array (at most limit), best first; one entry per instance type and pricing model, in the region
 *                where it ranks best:
 *     {rank (integer from 1), provider, instance_type, region, gpu {id, name, memory_gb},
 *      gpu_count (number per node; below 1 for a GPU slice), gpu_memory_gb (number, all nodes), nodes (integer),
 *      pricing (string), hourly_usd (number, all nodes, rounded to 1e-6), monthly_usd (hourly_usd x 730, cents),
 *      estimated_hours (number|null), estimated_total_usd (number|null, cents; a reserved or savings-plan price bills
 *      at least its whole term), score (number 0..100: 100 x the best candidate's metric / this one's, lower metrics
 *      being better, so rank 1 scores 100), reasons (array of strings), warnings (array of strings)}
 *   considered   integer: offers (instance type x region) looked at, equal to every offer in the catalog
 *   rejected     object {reason: count} for offers that did not qualify, reasons among: provider_not_allowed,
 *                region_not_allowed, gpu_model_not_allowed, no_ecc, no_fp64, precision_unsupported, no_nvlink,
 *                insufficient_gpu_memory, no_cluster_network, exceeds_max_nodes, gpu_count, pricing_not_allowed,
 *                over_max_hourly_usd, over_max_total_usd. An impossible request is a 200 with no recommendations.
 *   catalog_version string (16 hex digits)
 *
 * Errors (application/problem+json): 400 when the body is missing or not an object (malformed JSON, a wrong content
 * type and an oversize body are answered by the HTTP layer: 400, 415, 413), 422 with errors[] {field, message} for
 * every invalid member, 503 while no catalog is loaded. */
#include <time.h>

#include "face/api.h"
#include "base/util.h"
#include "engine/recommend/recommend.h"

int api_recommend(const http_request *req, http_reply *reply)
{
    if (req->body == NULL) {
        problem *p = problem_new(400, "invalid-request", "Invalid request", "the body must be a JSON object");
        problem_add_field(p, "body", "is required");
        http_reply_problem(reply, p);
        return 0;
    }
    recommend_options opts = {
        .now = util_now(),
        .stale_after_hours = req->app != NULL && req->app->cfg != NULL ? req->app->cfg->stale_after_hours : 0,
    };
    jsonw answer;
    jsonw_init(&answer, 16384); /* a default answer is about 12.5 KB: five picks, their reasons, alternatives */
    problem *error = NULL;
    if (recommend_run(req->snap, req->body, &opts, &answer, &error) != 0) {
        jsonw_discard(&answer);
        http_reply_problem(reply, error);
        return 0;
    }
    http_reply_written(reply, &answer);
    return 0;
}
