#include "snapshot/build.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "snapshot/arena.h"
#include "snapshot/shapes.h"

struct catalog_builder {
    catalog *snap;
    arena *arena;
    uint64_t hash; /* content hash: the snapshot's version */
    size_t cap;    /* rows reserved for the table being filled */
    catalog_offer *current; /* the offer the last price went to */
};

catalog_builder *catalog_build_new(void)
{
    catalog_builder *b = xcalloc(1, sizeof *b);
    b->snap = xcalloc(1, sizeof *b->snap);
    b->arena = arena_new();
    b->snap->arena = b->arena;
    atomic_init(&b->snap->refs, 1);
    b->hash = UTIL_FNV_OFFSET;
    return b;
}

void catalog_build_free(catalog_builder *b)
{
    if (b == NULL)
        return;
    catalog_release(b->snap);
    free(b);
}

void catalog_build_reserve(catalog_builder *b, catalog_table table, size_t count)
{
    catalog *snap = b->snap;
    b->cap = count;
    void *rows = NULL;
    switch (table) {
    case CATALOG_PROVIDERS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->providers); break;
    case CATALOG_REGIONS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->regions); break;
    case CATALOG_GPUS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->gpus); break;
    case CATALOG_INSTANCES: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->instances); break;
    case CATALOG_FX: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->fx); break;
    case CATALOG_OFFERS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->offers); break;
    case CATALOG_MODELS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->models); break;
    case CATALOG_BENCHMARKS: rows = arena_alloc(b->arena, (count + 1) * sizeof *snap->benchmarks); break;
    }
    switch (table) {
    case CATALOG_PROVIDERS: snap->providers = rows; break;
    case CATALOG_REGIONS: snap->regions = rows; break;
    case CATALOG_GPUS: snap->gpus = rows; break;
    case CATALOG_INSTANCES: snap->instances = rows; break;
    case CATALOG_FX: snap->fx = rows; break;
    case CATALOG_OFFERS: snap->offers = rows; break;
    case CATALOG_MODELS: snap->models = rows; break;
    case CATALOG_BENCHMARKS: snap->benchmarks = rows; break;
    }
}

/* A text of a row, interned and folded into the content hash. */
static const char *text(catalog_builder *b, const char *value)
{
    if (value != NULL)
        b->hash = util_fnv1a(b->hash, value, strlen(value) + 1);
    else
        b->hash = util_fnv1a(b->hash, "\x01", 1);
    return arena_intern(b->arena, value);
}

/* A number of a row, folded into the content hash. */
static double real(catalog_builder *b, double value)
{
    b->hash = util_fnv1a(b->hash, &value, sizeof value);
    return value;
}

catalog_added catalog_build_provider(catalog_builder *b, const catalog_provider_row *row)
{
    catalog *snap = b->snap;
    if (snap->provider_count >= b->cap)
        return CATALOG_FULL;
    catalog_provider *p = (catalog_provider *)&snap->providers[snap->provider_count++];
    p->id = text(b, row->id);
    p->name = text(b, row->name);
    p->currency = text(b, row->currency);
    p->price_source = text(b, row->price_source);
    /* a refresh's outcome is not content: it stays out of the version */
    p->refresh_status = "never";
    if (row->last_run_status != NULL) {
        p->refresh_status = strcmp(row->last_run_status, "error") == 0 ? "error" : "ok";
        p->last_attempt_at = arena_intern(b->arena, row->last_attempt_at);
        p->last_error = arena_intern(b->arena, row->last_error);
    }
    p->last_success_at = arena_intern(b->arena, row->last_success_at);
    p->price_rows = row->price_rows;
    return CATALOG_ADDED;
}

catalog_added catalog_build_region(catalog_builder *b, const catalog_region_row *row)
{
    catalog *snap = b->snap;
    if (snap->region_count >= b->cap)
        return CATALOG_FULL;
    catalog_region *r = (catalog_region *)&snap->regions[snap->region_count];
    r->provider = catalog_find_provider(snap, text(b, row->provider_id));
    r->id = text(b, row->id);
    r->name = text(b, row->name);
    r->geography = text(b, row->geography);
    r->country = text(b, row->country);
    if (r->provider != NULL)
        snap->region_count++;
    return CATALOG_ADDED;
}

catalog_added catalog_build_gpu(catalog_builder *b, const catalog_gpu_row *row)
{
    catalog *snap = b->snap;
    if (snap->gpu_count >= b->cap)
        return CATALOG_FULL;
    catalog_gpu *g = (catalog_gpu *)&snap->gpus[snap->gpu_count++];
    g->id = text(b, row->id);
    g->name = text(b, row->name);
    g->vendor = text(b, row->vendor);
    g->architecture = text(b, row->architecture);
    g->form_factor = text(b, row->form_factor);
    g->memory_type = text(b, row->memory_type);
    g->interconnect = text(b, row->interconnect);
    g->sources_json = text(b, row->sources_json);
    g->memory_gb = real(b, row->memory_gb);
    g->memory_bandwidth_gb_per_s = real(b, row->memory_bandwidth_gb_per_s);
    g->fp64_tflops = real(b, row->fp64_tflops);
    g->fp64_tensor_tflops = real(b, row->fp64_tensor_tflops);
    g->fp32_tflops = real(b, row->fp32_tflops);
    g->tf32_tflops = real(b, row->tf32_tflops);
    g->fp16_tflops = real(b, row->fp16_tflops);
    g->bf16_tflops = real(b, row->bf16_tflops);
    g->fp8_tflops = real(b, row->fp8_tflops);
    g->int8_tops = real(b, row->int8_tops);
    g->tdp_watts = real(b, row->tdp_watts);
    g->interconnect_gb_per_s = real(b, row->interconnect_gb_per_s);
    g->release_year = (int)real(b, row->release_year);
    g->ecc = real(b, row->ecc) != 0;
    g->mig = real(b, row->mig) != 0;
    g->vgpu = real(b, row->vgpu) != 0;
    return CATALOG_ADDED;
}

catalog_added catalog_build_instance(catalog_builder *b, const catalog_instance_row *row)
{
    catalog *snap = b->snap;
    if (snap->instance_count >= b->cap)
        return CATALOG_FULL;
    catalog_instance *in = (catalog_instance *)&snap->instances[snap->instance_count];
    in->provider = catalog_find_provider(snap, text(b, row->provider_id));
    in->id = text(b, row->id);
    in->family = text(b, row->family);
    in->gpu = catalog_find_gpu(snap, text(b, row->gpu_id));
    in->gpu_interconnect = text(b, row->gpu_interconnect);
    in->cluster_network = text(b, row->cluster_network);
    in->source = text(b, row->source);
    in->retired_at = text(b, row->retired_at);
    const char *availability = text(b, row->availability);
    in->reservation_only = availability != NULL && strcmp(availability, "reservation_only") == 0;
    in->gpu_count = real(b, row->gpu_count);
    in->gpu_memory_gb = real(b, row->gpu_memory_gb);
    in->memory_gb = real(b, row->memory_gb);
    in->network_gbps = real(b, row->network_gbps);
    in->cluster_network_gbps = real(b, row->cluster_network_gbps);
    in->vcpus = (int)real(b, row->vcpus);
    if (in->provider != NULL && in->gpu != NULL)
        snap->instance_count++;
    return CATALOG_ADDED;
}

catalog_added catalog_build_fx(catalog_builder *b, const catalog_fx_row *row)
{
    catalog *snap = b->snap;
    if (snap->fx_count >= b->cap)
        return CATALOG_FULL;
    catalog_fx *fx = (catalog_fx *)&snap->fx[snap->fx_count++];
    fx->currency = text(b, row->currency);
    fx->usd_per_unit = real(b, row->usd_per_unit);
    fx->source = text(b, row->source);
    fx->as_of = text(b, row->as_of);
    return CATALOG_ADDED;
}

catalog_added catalog_build_model(catalog_builder *b, const catalog_model_row *row)
{
    catalog *snap = b->snap;
    if (snap->model_count >= b->cap)
        return CATALOG_FULL;
    attention_kind attention;
    if (row->attention == NULL || attention_kind_parse(row->attention, &attention) != 0)
        return CATALOG_ADDED; /* the table's CHECK makes this unreachable */
    catalog_model *m = (catalog_model *)&snap->models[snap->model_count++];
    m->id = text(b, row->id);
    m->name = text(b, row->name);
    m->family = text(b, row->family);
    m->license = text(b, row->license);
    m->sources_json = text(b, row->sources_json);
    m->release_year = (int)real(b, row->release_year);
    m->arch = row->arch;
    m->arch.id = m->id;
    m->arch.attention = attention;
    m->arch.gated_mlp = row->mlp != NULL && strcmp(row->mlp, "gated") == 0;
    m->arch.estimated = false;
    /* every figure is part of the version, as every other row's is */
    const model_arch *a = &m->arch;
    const double figures[] = {a->params_b, a->active_params_b, a->layers, a->hidden_size, a->intermediate_size,
                              a->moe_intermediate_size, a->gated_mlp, a->attention_heads, a->kv_heads, a->head_dim,
                              a->attention, a->q_lora_rank, a->kv_lora_rank, a->qk_nope_head_dim,
                              a->qk_rope_head_dim, a->v_head_dim, a->experts, a->shared_experts, a->experts_per_token,
                              a->dense_layers, a->tied_embeddings, a->vocab_size, (double)a->max_context,
                              a->sliding_window, a->sliding_window_layers};
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
        real(b, figures[i]);
    return CATALOG_ADDED;
}

catalog_added catalog_build_benchmark(catalog_builder *b, const catalog_benchmark_row *row)
{
    catalog *snap = b->snap;
    if (snap->benchmark_count >= b->cap)
        return CATALOG_FULL;
    const catalog_gpu *gpu = row->gpu_id != NULL ? catalog_find_gpu(snap, row->gpu_id) : NULL;
    if (gpu == NULL)
        return CATALOG_ADDED;
    catalog_benchmark *m = (catalog_benchmark *)&snap->benchmarks[snap->benchmark_count++];
    m->id = text(b, row->id);
    m->benchmark = text(b, row->benchmark);
    m->suite = text(b, row->suite);
    m->suite_version = text(b, row->suite_version);
    m->case_name = text(b, row->case_name);
    m->gpu = gpu;
    text(b, gpu->id);
    m->published_unit = text(b, row->published_unit);
    m->unit = text(b, row->unit);
    m->measured_on = text(b, row->measured_on);
    m->url = text(b, row->url);
    m->settings = text(b, row->settings);
    m->published_value = real(b, row->published_value);
    m->rate = real(b, row->rate);
    m->gpu_count = (int)real(b, row->gpu_count);
    return CATALOG_ADDED;
}

catalog_added catalog_build_price(catalog_builder *b, const catalog_price_row *row, char *err, size_t err_len)
{
    catalog *snap = b->snap;
    const char *provider_id = text(b, row->provider_id);
    const char *instance_id = text(b, row->instance_type_id);
    const char *region_id = text(b, row->region_id);
    const char *model_name = text(b, row->pricing_model);
    pricing_model model;
    const catalog_instance *instance = catalog_find_instance(snap, provider_id, instance_id);
    const catalog_region *region = catalog_find_region(snap, provider_id, region_id);
    if (instance == NULL || region == NULL || pricing_model_parse(model_name, &model) != 0)
        return CATALOG_ADDED; /* foreign keys and CHECKs make this unreachable in a consistent database */
    catalog_offer *current = b->current;
    if (current == NULL || current->instance != instance || current->region != region) {
        if (snap->offer_count >= b->cap)
            return CATALOG_FULL;
        current = b->current = (catalog_offer *)&snap->offers[snap->offer_count++];
        current->instance = instance;
        current->region = region;
        catalog_instance *owner = (catalog_instance *)instance; /* still being built: not yet published */
        if (owner->offer_count == 0)
            owner->first_offer = snap->offer_count - 1;
        owner->offer_count++;
    }
    catalog_price *price = &current->prices[model];
    price->present = true;
    price->hourly = real(b, row->hourly);
    price->currency = text(b, row->currency);
    price->source = text(b, row->source);
    price->fetched_at = text(b, row->fetched_at);
    price->effective_at = text(b, row->effective_at);
    price->spot_interruption = text(b, row->spot_interruption);
    price->estimated = real(b, row->estimated) != 0;
    price->min_hours = real(b, row->min_hours);
    price->max_hours = real(b, row->max_hours);
    const catalog_fx *fx = catalog_find_fx(snap, price->currency);
    if (fx == NULL) {
        snprintf(err, err_len, "price of %s %s %s is in %s, which has no fx rate", provider_id, instance_id, region_id,
                 price->currency);
        return CATALOG_REFUSED;
    }
    price->usd_per_unit = fx->usd_per_unit;
    price->hourly_usd = price->hourly * fx->usd_per_unit;
    snap->price_count++;
    return CATALOG_ADDED;
}

/* Offer lists per GPU and per provider, in offer order. */
static void build_indexes(arena *a, catalog *snap)
{
    catalog_index *by_gpu = arena_alloc(a, (snap->gpu_count + 1) * sizeof *by_gpu);
    catalog_index *by_provider = arena_alloc(a, (snap->provider_count + 1) * sizeof *by_provider);
    size_t *gpu_slots = arena_alloc(a, (snap->offer_count + 1) * sizeof *gpu_slots);
    size_t *provider_slots = arena_alloc(a, (snap->offer_count + 1) * sizeof *provider_slots);
    size_t *gpu_counts = xcalloc(snap->gpu_count + 1, sizeof *gpu_counts);
    size_t *provider_counts = xcalloc(snap->provider_count + 1, sizeof *provider_counts);
    for (size_t i = 0; i < snap->offer_count; i++) {
        gpu_counts[snap->offers[i].instance->gpu - snap->gpus]++;
        provider_counts[snap->offers[i].instance->provider - snap->providers]++;
    }
    size_t start = 0;
    for (size_t g = 0; g < snap->gpu_count; g++) {
        by_gpu[g].offers = gpu_slots + start;
        start += gpu_counts[g];
    }
    start = 0;
    for (size_t p = 0; p < snap->provider_count; p++) {
        by_provider[p].offers = provider_slots + start;
        start += provider_counts[p];
    }
    for (size_t i = 0; i < snap->offer_count; i++) {
        size_t g = (size_t)(snap->offers[i].instance->gpu - snap->gpus);
        size_t p = (size_t)(snap->offers[i].instance->provider - snap->providers);
        ((size_t *)by_gpu[g].offers)[by_gpu[g].count++] = i;
        ((size_t *)by_provider[p].offers)[by_provider[p].count++] = i;
    }
    free(gpu_counts);
    free(provider_counts);
    snap->offers_by_gpu = by_gpu;
    snap->offers_by_provider = by_provider;
}


static int region_tie_order(const void *a, const void *b)
{
    const catalog_region *x = *(const catalog_region *const *)a, *y = *(const catalog_region *const *)b;
    if (x->offer_count != y->offer_count)
        return x->offer_count > y->offer_count ? -1 : 1;
    bool x_us = x->geography != NULL && strcmp(x->geography, "us") == 0;
    bool y_us = y->geography != NULL && strcmp(y->geography, "us") == 0;
    if (x_us != y_us)
        return x_us ? -1 : 1;
    return strcmp(x->id, y->id);
}

static void rank_regions(catalog *snap)
{
    const catalog_region **order = xcalloc(snap->region_count + 1, sizeof *order);
    for (size_t i = 0; i < snap->region_count; i++)
        order[i] = &snap->regions[i];
    qsort(order, snap->region_count, sizeof *order, region_tie_order);
    for (size_t i = 0; i < snap->region_count; i++)
        ((catalog_region *)order[i])->tie_rank = i;
    free(order);
}

catalog *catalog_build_finish(catalog_builder *b)
{
    catalog *snap = b->snap;
    build_indexes(b->arena, snap);
    for (size_t i = 0; i < snap->offer_count; i++)
        ((catalog_region *)snap->offers[i].region)->offer_count++;
    rank_regions(snap);
    shapes_build(b->arena, snap);
    snprintf(snap->version, sizeof snap->version, "%016llx", (unsigned long long)b->hash);
    util_format_time(util_now(), snap->built_at, sizeof snap->built_at);
    arena_intern_done(b->arena); /* the strings stay in the arena */
    free(b);
    return snap;
}
