/* A benchmark job's fit of an instance type (recommend_internal.h): the engine's side of engine/work.h. */
#include "engine/recommend/internal.h"

#include <limits.h>
#include <math.h>

reject_reason recommend_work_fit(const rec_request *r, const catalog_instance *inst, fit *out)
{
    work_rate rate;
    if (!work_gpu_rate(r->work.snap, r->work.benchmark, inst->gpu, NULL, &rate))
        return REJECT_NO_RATE;
    double node_rate = rate.per_gpu * inst->gpu_count;
    if (r->work.target_rate > 0 && r->gpus == 0) {
        /* as many nodes as the target needs: the copies are independent, so the nodes need no cluster network */
        double wanted = ceil(r->work.target_rate / node_rate);
        if (wanted > (double)r->max_nodes) {
            out->nodes = wanted < (double)UINT_MAX ? (unsigned)wanted : UINT_MAX;
            return REJECT_MAX_NODES;
        }
        if (wanted > out->nodes) {
            out->nodes = (unsigned)wanted;
            out->total_gpus = out->nodes * inst->gpu_count;
            out->useful_gpus = out->total_gpus;
            out->total_memory_gb = out->nodes * inst->gpu_memory_gb;
            out->watts = out->total_gpus * inst->gpu->tdp_watts;
        }
    }
    out->work = (work_fit){true, rate, node_rate * out->nodes};
    out->throughput = out->work.rate_per_s;
    if (r->work.work > 0)
        out->hours = r->work.work / out->work.rate_per_s / 3600.0;
    return REJECT_NONE;
}
