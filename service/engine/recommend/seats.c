/* Design seats (internal.h): workload.seats interactive users of a rendering or general workload, each
 * with a virtual GPU of workload.seat_memory_gb of frame buffer, priced per seat-hour.
 *
 * How many seats an instance carries:
 * - a slice the provider sells (gpu_count below 1: Azure NVadsA10 v5, AWS g6f, Tencent GN7 fractions) is one
 *   virtual machine with one virtual GPU: one seat, when its frame buffer holds the seat's;
 * - a whole GPU that runs NVIDIA vGPU (gpus.vgpu) is shared by time slices among seats of one frame-buffer size
 *   (virtual GPUs on a host one controls, or several remote-desktop sessions on one GPU virtual machine), as many as
 *   its memory holds: floor(GPU memory / seat memory) seats per GPU. A vGPU type is a frame buffer size
 *   with a most-instances-per-GPU count (NVML's vGPU type queries, nvmlVgpuTypeGetFramebufferSize and
 *   nvmlVgpuTypeGetMaxInstances: https://docs.nvidia.com/deploy/nvml-api/group__nvmlVgpu.html, read 2026-12-03);
 *   the published profile sizes of each GPU are not in the catalogue, so the seat memory asked is taken as the
 *   profile's. The vGPU software licence is not priced here;
 * - any other GPU is passed through whole: one seat per GPU.
 * The instances are independent desktops: no cluster network. A seat's price is the instances' price over the seats
 * (seats left over on the last instance are paid for). */
#include "engine/recommend/internal.h"

#include <math.h>

#include "engine/pricing/cost.h"
#include "wire/jsonv.h"

#define MAX_SEATS 100000

void recommend_parse_seats(const json_t *w, rec_request *r, problem *p)
{
    bool seats = jsonv_integer(w, "workload", "seats", false, 1, MAX_SEATS, &r->seats, p);
    bool memory = jsonv_number(w, "workload", "seat_memory_gb", false, 0.5, MAX_GPU_MEMORY_GB, &r->seat_memory_gb, p);
    if (!seats && !memory)
        return;
    if (json_object_get(w, "seats") == NULL) {
        problem_add_field(p, "workload.seat_memory_gb", "is the frame buffer of one of workload.seats: give seats too");
        return;
    }
    if (r->workload.kind != WORKLOAD_RENDERING && r->workload.kind != WORKLOAD_GENERAL)
        problem_add_field(p, "workload.seats", "are interactive desktops: kind rendering or general");
    if (json_object_get(w, "seat_memory_gb") == NULL)
        problem_add_field(p, "workload.seat_memory_gb", "is required with workload.seats (the frame buffer, in GB, "
                                                        "of one seat's virtual GPU)");
    if (r->work.benchmark != NULL)
        problem_add_field(p, "workload.seats", "price desktops by the hour, not a benchmark job: drop one of them");
    if (json_object_get(w, "gpus") != NULL)
        problem_add_field(p, "workload.gpus", "follows from workload.seats: drop it");
    if (r->workload.min_gpu_memory_gb < r->seat_memory_gb)
        r->workload.min_gpu_memory_gb = r->seat_memory_gb; /* a seat's virtual GPU lives on one GPU */
}

/* The seats one instance of inst carries, and in words how; 0 when a GPU's memory holds no seat. */
static double seats_per_instance(const rec_request *r, const catalog_instance *inst, const char **sharing)
{
    if (inst->gpu_count < 1.0) {
        *sharing = "a GPU slice the provider sells: one seat";
        return inst->gpu_memory_gb >= r->seat_memory_gb ? 1.0 : 0.0;
    }
    if (inst->gpu->vgpu) {
        *sharing = "shared: each GPU carries as many seats as its memory holds seat frame buffers";
        return inst->gpu_count * floor(inst->gpu_memory_gb / inst->gpu_count / r->seat_memory_gb);
    }
    *sharing = "no vGPU: one seat per GPU, passed through";
    return inst->gpu_count;
}

reject_reason recommend_seat_fit(const rec_request *r, const catalog_instance *inst, fit *out)
{
    const char *sharing;
    double per_instance = seats_per_instance(r, inst, &sharing);
    if (!(per_instance >= 1.0))
        return REJECT_MEMORY;
    double wanted = ceil((double)r->seats / per_instance);
    if (wanted > (double)r->max_nodes) {
        out->nodes = (unsigned)fmin(wanted, 4294967295.0);
        return REJECT_MAX_NODES;
    }
    out->nodes = (unsigned)wanted;
    out->total_gpus = out->nodes * inst->gpu_count;
    out->useful_gpus = out->total_gpus;
    out->total_memory_gb = out->nodes * inst->gpu_memory_gb;
    out->watts = out->total_gpus * inst->gpu->tdp_watts;
    out->penalty = 1.0; /* independent desktops: no cost of spreading over instances */
    out->seats_per_node = per_instance;
    return REJECT_NONE;
}

void recommend_seats_write(jsonw *out, const rec_request *r, const candidate *c)
{
    const char *sharing;
    double per_instance = seats_per_instance(r, c->offer->instance, &sharing);
    double seat_hour = c->hourly_usd / (double)r->seats;
    jsonw_name(out, "seats");
    jsonw_object_begin(out);
    jsonw_member_integer(out, "seats", r->seats);
    jsonw_member_rounded(out, "seat_memory_gb", r->seat_memory_gb, 3);
    jsonw_member_rounded(out, "seats_per_instance", per_instance, 0);
    jsonw_member_integer(out, "instances", c->fit.nodes);
    jsonw_member_rounded(out, "idle_seats", per_instance * c->fit.nodes - (double)r->seats, 0);
    jsonw_member_string(out, "sharing", sharing);
    jsonw_member_rounded(out, "usd_per_seat_hour", seat_hour, 6);
    jsonw_member_rounded(out, "usd_per_seat_month", seat_hour * COST_HOURS_PER_MONTH, 2);
    jsonw_member_string(out, "rule", "seats per instance: a provider's GPU slice carries one; a whole vGPU-capable "
                                     "GPU floor(GPU memory / seat memory); any other GPU one; the vGPU licence is not "
                                     "priced");
    jsonw_object_end(out);
}
