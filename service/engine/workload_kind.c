#include "engine/workload_kind.h"

#include <string.h>

/* Default precisions: deep-learning work in the 16-bit formats it is normally trained (bf16) and served (fp16) in;
 * HPC codes in FP64, the precision climate, CFD and molecular-dynamics solvers are validated in; rendering and
 * general compute in FP32.
 * Default memory: defaults of this project, not figures from elsewhere, so that a job of no stated size does not
 * land on the smallest vGPU slices (HPC solvers partition a domain across full GPUs; production render scenes with
 * textures routinely pass 16 GB).
 * Bound: serving a model is decode-dominated, which streams the weights once per token (engine/perf/sizing.h).
 * ECC: a flipped bit silently corrupts a model or a simulation; rendering and general compute are judged by eye or
 * rerun cheaply. */
const workload_kind_info workload_kinds[WORKLOAD_KIND_COUNT] = {
    [WORKLOAD_TRAINING] = {.name = "training", .display = "Training", .default_precision = PRECISION_BF16,
                           .default_memory_gb = 16.0, .default_bound = BOUND_COMPUTE, .trains = true,
                           .distributed = true, .needs_ecc = true},
    [WORKLOAD_FINE_TUNING] = {.name = "fine_tuning", .display = "Fine-tuning", .default_precision = PRECISION_BF16,
                              .default_memory_gb = 16.0, .default_bound = BOUND_COMPUTE, .trains = true,
                              .distributed = true, .needs_ecc = true},
    [WORKLOAD_INFERENCE] = {.name = "inference", .display = "Inference", .default_precision = PRECISION_FP16,
                            .default_memory_gb = 16.0, .default_bound = BOUND_MEMORY_BANDWIDTH, .serves = true,
                            .needs_ecc = true},
    [WORKLOAD_HPC] = {.name = "hpc", .display = "HPC", .default_precision = PRECISION_FP64, .default_memory_gb = 32.0,
                      .default_bound = BOUND_COMPUTE, .distributed = true, .needs_ecc = true},
    [WORKLOAD_RENDERING] = {.name = "rendering", .display = "Rendering", .default_precision = PRECISION_FP32,
                            .default_memory_gb = 16.0, .default_bound = BOUND_COMPUTE},
    [WORKLOAD_GENERAL] = {.name = "general", .display = "General", .default_precision = PRECISION_FP32,
                          .default_memory_gb = 8.0, .default_bound = BOUND_COMPUTE},
};

static const char *const workload_bound_names[BOUND_COUNT] = {
    [BOUND_COMPUTE] = "compute",
    [BOUND_MEMORY_BANDWIDTH] = "memory_bandwidth",
};

const char *workload_bound_name(workload_bound bound)
{
    return (unsigned)bound < BOUND_COUNT ? workload_bound_names[bound] : NULL;
}

const workload_kind_info *workload_kind_of(workload_kind kind)
{
    return &workload_kinds[kind];
}

const char *workload_kind_name(workload_kind kind)
{
    return (unsigned)kind < WORKLOAD_KIND_COUNT ? workload_kinds[kind].name : NULL;
}

char *workload_kind_list(char *out, size_t out_len, const char *sep)
{
    size_t used = 0;
    if (out_len == 0)
        return out;
    out[0] = '\0';
    for (int k = 0; k < WORKLOAD_KIND_COUNT; k++) {
        const char *before = k > 0 ? sep : "";
        size_t before_len = strlen(before), name_len = strlen(workload_kinds[k].name);
        if (used + before_len + name_len >= out_len)
            break;
        memcpy(out + used, before, before_len);
        memcpy(out + used + before_len, workload_kinds[k].name, name_len + 1);
        used += before_len + name_len;
    }
    return out;
}
