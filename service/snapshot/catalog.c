#include "snapshot/catalog.h"

#include <math.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "snapshot/arena.h"

/* ---- publication ---------------------------------------------------------------------------------------------- */

/* The published snapshot, and how many readers are between loading that pointer and taking their reference.
 * A publisher swaps the pointer, then waits for that count to reach zero before dropping its reference to the old
 * snapshot: every reader that could have seen the old pointer has its own reference by then. Readers never wait. */
static _Atomic(catalog *) published;
static atomic_int readers_acquiring;

catalog *catalog_acquire(void)
{
    atomic_fetch_add(&readers_acquiring, 1);
    catalog *snap = atomic_load(&published);
    if (snap != NULL)
        atomic_fetch_add(&snap->refs, 1);
    atomic_fetch_sub(&readers_acquiring, 1);
    return snap;
}

void catalog_release(catalog *snap)
{
    if (snap == NULL)
        return;
    if (atomic_fetch_sub(&snap->refs, 1) == 1) {
        arena_free(snap->arena);
        free(snap);
    }
}

void catalog_publish(catalog *snap)
{
    catalog *old = atomic_exchange(&published, snap);
    while (atomic_load(&readers_acquiring) != 0)
        sched_yield();
    catalog_release(old);
}

/* ---- look-ups ------------------------------------------------------------------------------------------------- */

const catalog_provider *catalog_find_provider(const catalog *snap, const char *id)
{
    long index = catalog_provider_index(snap, id);
    return index < 0 ? NULL : &snap->providers[index];
}

/* The one binary search of the snapshot: the index of the item that compares equal to key, or -1. cmp orders item i
 * against key. */
static long search(const void *items, size_t count, int (*cmp)(const void *items, size_t i, const void *key),
                   const void *key)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp(items, mid, key);
        if (c == 0)
            return (long)mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

_Static_assert(offsetof(catalog_provider, id) == 0, "search_id reads the id first");
_Static_assert(offsetof(catalog_gpu, id) == 0, "search_id reads the id first");

typedef struct id_key {
    size_t size; /* of one item */
    const char *id;
} id_key;

/* Items whose first member is their id. */
static int compare_id(const void *items, size_t i, const void *key)
{
    const id_key *k = key;
    return strcmp(*(const char *const *)((const char *)items + i * k->size), k->id);
}

static long search_id(const void *items, size_t count, size_t size, const char *id)
{
    id_key key = {size, id};
    return id == NULL ? -1 : search(items, count, compare_id, &key);
}

long catalog_provider_index(const catalog *snap, const char *id)
{
    return search_id(snap->providers, snap->provider_count, sizeof *snap->providers, id);
}

const catalog_gpu *catalog_find_gpu(const catalog *snap, const char *id)
{
    long i = search_id(snap->gpus, snap->gpu_count, sizeof *snap->gpus, id);
    return i < 0 ? NULL : &snap->gpus[i];
}

const catalog_model *catalog_find_model(const catalog *snap, const char *id)
{
    long i = search_id(snap->models, snap->model_count, sizeof *snap->models, id);
    return i < 0 ? NULL : &snap->models[i];
}

const catalog_benchmark *catalog_find_benchmark(const catalog *snap, const char *id)
{
    long i = search_id(snap->benchmarks, snap->benchmark_count, sizeof *snap->benchmarks, id);
    return i < 0 ? NULL : &snap->benchmarks[i];
}

typedef struct pair_key {
    catalog_pair_of pair_of;
    const char *provider_id, *id;
} pair_key;

static int compare_pair(const void *items, size_t i, const void *key)
{
    const pair_key *k = key;
    const char *provider_id, *id;
    k->pair_of(items, i, &provider_id, &id);
    int c = strcmp(provider_id, k->provider_id);
    return c != 0 ? c : strcmp(id, k->id);
}

long catalog_search_pair(const void *items, size_t count, catalog_pair_of pair_of, const char *provider_id,
                         const char *id)
{
    pair_key key = {pair_of, provider_id, id};
    return provider_id == NULL || id == NULL ? -1 : search(items, count, compare_pair, &key);
}

static void region_pair(const void *items, size_t i, const char **provider_id, const char **id)
{
    const catalog_region *r = (const catalog_region *)items + i;
    *provider_id = r->provider->id;
    *id = r->id;
}

static void instance_pair(const void *items, size_t i, const char **provider_id, const char **id)
{
    const catalog_instance *in = (const catalog_instance *)items + i;
    *provider_id = in->provider->id;
    *id = in->id;
}

const catalog_region *catalog_find_region(const catalog *snap, const char *provider_id, const char *region_id)
{
    long i = catalog_search_pair(snap->regions, snap->region_count, region_pair, provider_id, region_id);
    return i < 0 ? NULL : &snap->regions[i];
}

const catalog_instance *catalog_find_instance(const catalog *snap, const char *provider_id, const char *instance_id)
{
    long i = catalog_search_pair(snap->instances, snap->instance_count, instance_pair, provider_id, instance_id);
    return i < 0 ? NULL : &snap->instances[i];
}

const catalog_fx *catalog_find_fx(const catalog *snap, const char *currency)
{
    if (currency == NULL)
        return NULL;
    for (size_t i = 0; i < snap->fx_count; i++) {
        if (strcmp(snap->fx[i].currency, currency) == 0)
            return &snap->fx[i];
    }
    return NULL;
}

const catalog_offer *catalog_find_offer(const catalog *snap, const char *provider_id, const char *instance_id,
                                        const char *region_id)
{
    const catalog_instance *in = catalog_find_instance(snap, provider_id, instance_id);
    if (in == NULL || region_id == NULL)
        return NULL;
    for (size_t i = 0; i < in->offer_count; i++) {
        const catalog_offer *offer = &snap->offers[in->first_offer + i];
        if (strcmp(offer->region->id, region_id) == 0)
            return offer;
    }
    return NULL;
}

bool catalog_instance_clusters(const catalog_instance *inst)
{
    return inst->cluster_network != NULL && inst->cluster_network[0] != '\0' &&
           !util_same_text(inst->cluster_network, "none");
}

double catalog_gpu_peak(const catalog_gpu *gpu, precision p)
{
    switch (p) {
    case PRECISION_FP64:
        /* FP64 tensor cores (A100, H100) run DGEMM-shaped work at the tensor rate; take the better of the two */
        return isnan(gpu->fp64_tensor_tflops) || gpu->fp64_tensor_tflops < gpu->fp64_tflops ? gpu->fp64_tflops
                                                                                             : gpu->fp64_tensor_tflops;
    case PRECISION_FP32: return gpu->fp32_tflops;
    case PRECISION_TF32: return gpu->tf32_tflops;
    case PRECISION_BF16: return gpu->bf16_tflops;
    case PRECISION_FP16: return gpu->fp16_tflops;
    case PRECISION_FP8: return gpu->fp8_tflops;
    case PRECISION_INT8:
    case PRECISION_INT4:
        /* int4 weights are dequantised or run on int8 paths on most parts: count the int8 rate */
        return gpu->int8_tops;
    case PRECISION_COUNT: break;
    }
    return NAN;
}
