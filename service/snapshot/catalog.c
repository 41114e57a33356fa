#include "snapshot/catalog.h"

#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"

/* ---- arena: one owner for every string and array of a snapshot ------------------------------------------------- */

typedef struct arena_block {
    struct arena_block *next;
    size_t used, cap;
    _Alignas(max_align_t) unsigned char data[];
} arena_block;

typedef struct arena {
    arena_block *blocks;
    /* string interning while loading: many prices share a source, a currency and a fetch time */
    const char **slots;
    size_t slot_count, slot_used;
} arena;

static void *arena_alloc(arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (a->blocks == NULL || a->blocks->cap - a->blocks->used < size) {
        size_t cap = size > 256 * 1024 ? size : 256 * 1024;
        arena_block *block = xmalloc(sizeof *block + cap);
        block->next = a->blocks;
        block->used = 0;
        block->cap = cap;
        a->blocks = block;
    }
    void *p = a->blocks->data + a->blocks->used;
    a->blocks->used += size;
    memset(p, 0, size);
    return p;
}

static void arena_free(arena *a)
{
    if (a == NULL)
        return;
    arena_block *block = a->blocks;
    while (block) {
        arena_block *next = block->next;
        free(block);
        block = next;
    }
    free(a->slots);
    free(a);
}

static void intern_grow(arena *a)
{
    size_t new_count = a->slot_count ? a->slot_count * 2 : 1024;
    const char **slots = xcalloc(new_count, sizeof *slots);
    for (size_t i = 0; i < a->slot_count; i++) {
        const char *s = a->slots[i];
        if (s == NULL)
            continue;
        size_t h = (size_t)util_fnv1a(UTIL_FNV_OFFSET, s, strlen(s)) & (new_count - 1);
        while (slots[h])
            h = (h + 1) & (new_count - 1);
        slots[h] = s;
    }
    free(a->slots);
    a->slots = slots;
    a->slot_count = new_count;
}

/* A copy of text owned by the arena, shared with equal strings; NULL stays NULL. */
static const char *intern(arena *a, const unsigned char *text)
{
    if (text == NULL)
        return NULL;
    const char *s = (const char *)text;
    if (a->slot_used * 2 >= a->slot_count)
        intern_grow(a);
    size_t len = strlen(s);
    size_t h = (size_t)util_fnv1a(UTIL_FNV_OFFSET, s, len) & (a->slot_count - 1);
    while (a->slots[h]) {
        if (strcmp(a->slots[h], s) == 0)
            return a->slots[h];
        h = (h + 1) & (a->slot_count - 1);
    }
    char *copy = arena_alloc(a, len + 1);
    memcpy(copy, s, len + 1);
    a->slots[h] = copy;
    a->slot_used++;
    return copy;
}

/* ---- loading -------------------------------------------------------------------------------------------------- */

typedef struct loader {
    sqlite3 *db;
    arena *arena;
    uint64_t hash; /* content hash: the snapshot's version */
    char *err;
    size_t err_len;
} loader;

static int prepare(loader *l, const char *sql, sqlite3_stmt **stmt)
{
    if (sqlite3_prepare_v2(l->db, sql, -1, stmt, NULL) != SQLITE_OK) {
        snprintf(l->err, l->err_len, "loading the catalog: %s", sqlite3_errmsg(l->db));
        return -1;
    }
    return 0;
}

static int count_rows(loader *l, const char *sql, size_t *out)
{
    sqlite3_stmt *stmt = NULL;
    if (prepare(l, sql, &stmt) != 0)
        return -1;
    int rc = sqlite3_step(stmt) == SQLITE_ROW ? 0 : -1;
    *out = rc == 0 ? (size_t)sqlite3_column_int64(stmt, 0) : 0;
    if (rc != 0)
        snprintf(l->err, l->err_len, "loading the catalog: %s", sqlite3_errmsg(l->db));
    sqlite3_finalize(stmt);
    return rc;
}

/* Text column, interned, folded into the content hash. */
static const char *text_col(loader *l, sqlite3_stmt *stmt, int col)
{
    const unsigned char *text = sqlite3_column_text(stmt, col);
    if (text != NULL)
        l->hash = util_fnv1a(l->hash, text, strlen((const char *)text) + 1);
    else
        l->hash = util_fnv1a(l->hash, "\x01", 1);
    return intern(l->arena, text);
}

/* Real column, NAN for NULL, folded into the content hash. */
static double real_col(loader *l, sqlite3_stmt *stmt, int col)
{
    double value = sqlite3_column_type(stmt, col) == SQLITE_NULL ? NAN : sqlite3_column_double(stmt, col);
    l->hash = util_fnv1a(l->hash, &value, sizeof value);
    return value;
}

static int step_error(loader *l, int rc)
{
    if (rc == SQLITE_DONE)
        return 0;
    snprintf(l->err, l->err_len, "loading the catalog: %s", sqlite3_errmsg(l->db));
    return -1;
}

static int load_providers(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL, *last = NULL, *success = NULL, *rows = NULL;
    int rc = -1;
    if (count_rows(l, "SELECT count(*) FROM providers", &snap->provider_count) != 0)
        return -1;
    catalog_provider *providers = arena_alloc(l->arena, (snap->provider_count + 1) * sizeof *providers);
    snap->providers = providers;
    if (prepare(l, "SELECT id, name, currency, price_source FROM providers ORDER BY id", &stmt) != 0 ||
        prepare(l, "SELECT status, started_at, error FROM refresh_runs WHERE provider_id = ? ORDER BY id DESC LIMIT 1",
                &last) != 0 ||
        prepare(l, "SELECT max(finished_at) FROM refresh_runs WHERE provider_id = ? AND status IN ('ok', 'unchanged')",
                &success) != 0 ||
        prepare(l, "SELECT count(*) FROM prices WHERE provider_id = ?", &rows) != 0)
        goto out;
    size_t i = 0;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW && i < snap->provider_count) {
        catalog_provider *p = &providers[i++];
        p->id = text_col(l, stmt, 0);
        p->name = text_col(l, stmt, 1);
        p->currency = text_col(l, stmt, 2);
        p->price_source = text_col(l, stmt, 3);
        p->refresh_status = "never";
        sqlite3_bind_text(last, 1, p->id, -1, SQLITE_STATIC);
        if (sqlite3_step(last) == SQLITE_ROW) {
            const char *status = (const char *)sqlite3_column_text(last, 0);
            p->refresh_status = status && strcmp(status, "error") == 0 ? "error" : "ok";
            p->last_attempt_at = intern(l->arena, sqlite3_column_text(last, 1));
            p->last_error = intern(l->arena, sqlite3_column_text(last, 2));
        }
        sqlite3_reset(last);
        sqlite3_bind_text(success, 1, p->id, -1, SQLITE_STATIC);
        if (sqlite3_step(success) == SQLITE_ROW)
            p->last_success_at = intern(l->arena, sqlite3_column_text(success, 0));
        sqlite3_reset(success);
        sqlite3_bind_text(rows, 1, p->id, -1, SQLITE_STATIC);
        if (sqlite3_step(rows) == SQLITE_ROW)
            p->price_rows = (size_t)sqlite3_column_int64(rows, 0);
        sqlite3_reset(rows);
    }
    snap->provider_count = i;
    rc = step == SQLITE_ROW ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    sqlite3_finalize(last);
    sqlite3_finalize(success);
    sqlite3_finalize(rows);
    return rc;
}

static int load_regions(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (count_rows(l, "SELECT count(*) FROM regions", &snap->region_count) != 0)
        return -1;
    catalog_region *regions = arena_alloc(l->arena, (snap->region_count + 1) * sizeof *regions);
    snap->regions = regions;
    if (prepare(l, "SELECT provider_id, id, name, geography FROM regions ORDER BY provider_id, id", &stmt) != 0)
        goto out;
    size_t i = 0;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW && i < snap->region_count) {
        catalog_region *r = &regions[i];
        r->provider = catalog_find_provider(snap, text_col(l, stmt, 0));
        r->id = text_col(l, stmt, 1);
        r->name = text_col(l, stmt, 2);
        r->geography = text_col(l, stmt, 3);
        if (r->provider != NULL)
            i++;
    }
    snap->region_count = i;
    rc = step == SQLITE_ROW ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    return rc;
}

static int load_gpus(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (count_rows(l, "SELECT count(*) FROM gpus", &snap->gpu_count) != 0)
        return -1;
    catalog_gpu *gpus = arena_alloc(l->arena, (snap->gpu_count + 1) * sizeof *gpus);
    snap->gpus = gpus;
    if (prepare(l,
                "SELECT id, name, vendor, architecture, form_factor, memory_type, interconnect, sources, memory_gb, "
                "memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops, fp16_tflops, "
                "bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect_gb_per_s, release_year, ecc, mig, vgpu "
                "FROM gpus ORDER BY id",
                &stmt) != 0)
        goto out;
    size_t i = 0;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW && i < snap->gpu_count) {
        catalog_gpu *g = &gpus[i++];
        g->id = text_col(l, stmt, 0);
        g->name = text_col(l, stmt, 1);
        g->vendor = text_col(l, stmt, 2);
        g->architecture = text_col(l, stmt, 3);
        g->form_factor = text_col(l, stmt, 4);
        g->memory_type = text_col(l, stmt, 5);
        g->interconnect = text_col(l, stmt, 6);
        g->sources_json = text_col(l, stmt, 7);
        g->memory_gb = real_col(l, stmt, 8);
        g->memory_bandwidth_gb_per_s = real_col(l, stmt, 9);
        g->fp64_tflops = real_col(l, stmt, 10);
        g->fp64_tensor_tflops = real_col(l, stmt, 11);
        g->fp32_tflops = real_col(l, stmt, 12);
        g->tf32_tflops = real_col(l, stmt, 13);
        g->fp16_tflops = real_col(l, stmt, 14);
        g->bf16_tflops = real_col(l, stmt, 15);
        g->fp8_tflops = real_col(l, stmt, 16);
        g->int8_tops = real_col(l, stmt, 17);
        g->tdp_watts = real_col(l, stmt, 18);
        g->interconnect_gb_per_s = real_col(l, stmt, 19);
        g->release_year = (int)real_col(l, stmt, 20);
        g->ecc = real_col(l, stmt, 21) != 0;
        g->mig = real_col(l, stmt, 22) != 0;
        g->vgpu = real_col(l, stmt, 23) != 0;
    }
    snap->gpu_count = i;
    rc = step == SQLITE_ROW ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    return rc;
}

static int load_instances(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (count_rows(l, "SELECT count(*) FROM instance_types", &snap->instance_count) != 0)
        return -1;
    catalog_instance *instances = arena_alloc(l->arena, (snap->instance_count + 1) * sizeof *instances);
    snap->instances = instances;
    if (prepare(l,
                "SELECT provider_id, id, family, gpu_id, gpu_interconnect, cluster_network, source, gpu_count, "
                "gpu_memory_gb, memory_gb, network_gbps, cluster_network_gbps, vcpus "
                "FROM instance_types ORDER BY provider_id, id",
                &stmt) != 0)
        goto out;
    size_t i = 0;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW && i < snap->instance_count) {
        catalog_instance *in = &instances[i];
        in->provider = catalog_find_provider(snap, text_col(l, stmt, 0));
        in->id = text_col(l, stmt, 1);
        in->family = text_col(l, stmt, 2);
        in->gpu = catalog_find_gpu(snap, text_col(l, stmt, 3));
        in->gpu_interconnect = text_col(l, stmt, 4);
        in->cluster_network = text_col(l, stmt, 5);
        in->source = text_col(l, stmt, 6);
        in->gpu_count = real_col(l, stmt, 7);
        in->gpu_memory_gb = real_col(l, stmt, 8);
        in->memory_gb = real_col(l, stmt, 9);
        in->network_gbps = real_col(l, stmt, 10);
        in->cluster_network_gbps = real_col(l, stmt, 11);
        in->vcpus = (int)real_col(l, stmt, 12);
        if (in->provider != NULL && in->gpu != NULL)
            i++;
    }
    snap->instance_count = i;
    rc = step == SQLITE_ROW ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    return rc;
}

static int load_fx(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (count_rows(l, "SELECT count(*) FROM fx_rates", &snap->fx_count) != 0)
        return -1;
    catalog_fx *fx = arena_alloc(l->arena, (snap->fx_count + 1) * sizeof *fx);
    snap->fx = fx;
    if (prepare(l, "SELECT currency, usd_per_unit, source, as_of FROM fx_rates ORDER BY currency", &stmt) != 0)
        goto out;
    size_t i = 0;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW && i < snap->fx_count) {
        fx[i].currency = text_col(l, stmt, 0);
        fx[i].usd_per_unit = real_col(l, stmt, 1);
        fx[i].source = text_col(l, stmt, 2);
        fx[i].as_of = text_col(l, stmt, 3);
        i++;
    }
    snap->fx_count = i;
    rc = step == SQLITE_ROW ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    return rc;
}

static const catalog_fx *find_fx(const catalog *snap, const char *currency)
{
    for (size_t i = 0; i < snap->fx_count; i++) {
        if (strcmp(snap->fx[i].currency, currency) == 0)
            return &snap->fx[i];
    }
    return NULL;
}

static int load_offers(loader *l, catalog *snap)
{
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    size_t offer_cap = 0;
    if (count_rows(l, "SELECT count(*) FROM (SELECT DISTINCT provider_id, instance_type_id, region_id FROM prices)",
                   &offer_cap) != 0)
        return -1;
    catalog_offer *offers = arena_alloc(l->arena, (offer_cap + 1) * sizeof *offers);
    snap->offers = offers;
    if (prepare(l,
                "SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, currency, source, fetched_at, "
                "effective_at, spot_interruption FROM prices ORDER BY provider_id, instance_type_id, region_id",
                &stmt) != 0)
        goto out;
    size_t count = 0, prices = 0;
    catalog_offer *current = NULL;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        const char *provider_id = text_col(l, stmt, 0);
        const char *instance_id = text_col(l, stmt, 1);
        const char *region_id = text_col(l, stmt, 2);
        const char *model_name = text_col(l, stmt, 3);
        pricing_model model;
        const catalog_instance *instance = catalog_find_instance(snap, provider_id, instance_id);
        const catalog_region *region = catalog_find_region(snap, provider_id, region_id);
        if (instance == NULL || region == NULL || pricing_model_parse(model_name, &model) != 0)
            continue; /* foreign keys and CHECKs make this unreachable in a consistent database */
        if (current == NULL || current->instance != instance || current->region != region) {
            if (count >= offer_cap)
                break;
            current = &offers[count++];
            current->instance = instance;
            current->region = region;
            catalog_instance *owner = (catalog_instance *)instance; /* still being built: not yet published */
            if (owner->offer_count == 0)
                owner->first_offer = count - 1;
            owner->offer_count++;
        }
        catalog_price *price = &current->prices[model];
        price->present = true;
        price->hourly = real_col(l, stmt, 4);
        price->currency = text_col(l, stmt, 5);
        price->source = text_col(l, stmt, 6);
        price->fetched_at = text_col(l, stmt, 7);
        price->effective_at = text_col(l, stmt, 8);
        price->spot_interruption = text_col(l, stmt, 9);
        const catalog_fx *fx = find_fx(snap, price->currency);
        if (fx == NULL) {
            snprintf(l->err, l->err_len, "price of %s %s %s is in %s, which has no fx rate", provider_id, instance_id,
                     region_id, price->currency);
            goto out;
        }
        price->usd_per_unit = fx->usd_per_unit;
        price->hourly_usd = price->hourly * fx->usd_per_unit;
        prices++;
    }
    snap->offer_count = count;
    snap->price_count = prices;
    rc = step == SQLITE_ROW || step == SQLITE_DONE ? 0 : step_error(l, step);
out:
    sqlite3_finalize(stmt);
    return rc;
}

/* Offer lists per GPU and per provider, in offer order. */
static void build_indexes(loader *l, catalog *snap)
{
    catalog_index *by_gpu = arena_alloc(l->arena, (snap->gpu_count + 1) * sizeof *by_gpu);
    catalog_index *by_provider = arena_alloc(l->arena, (snap->provider_count + 1) * sizeof *by_provider);
    size_t *gpu_slots = arena_alloc(l->arena, (snap->offer_count + 1) * sizeof *gpu_slots);
    size_t *provider_slots = arena_alloc(l->arena, (snap->offer_count + 1) * sizeof *provider_slots);
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

/* ---- shapes: what a recommendation reads instead of every offer ---------------------------------------------- */

static bool finite_or_none(double value)
{
    return isnan(value) || isfinite(value);
}

/* Every figure a recommendation computes with is a finite number, positive where the schema says so (or NAN for a
 * rate a GPU lacks, which the engine rejects before any arithmetic): then an instance type's figures rise with its
 * price and never become NAN, so its cheapest region is its best, and shapes give the answer a walk of every offer
 * gives. The schema's CHECKs hold all this; a snapshot that breaks it gets no shapes. */
static bool figures_sound(const catalog *snap)
{
    for (size_t g = 0; g < snap->gpu_count; g++) {
        const catalog_gpu *gpu = &snap->gpus[g];
        double rates[] = {gpu->fp64_tflops, gpu->fp64_tensor_tflops, gpu->fp32_tflops, gpu->tf32_tflops,
                          gpu->fp16_tflops, gpu->bf16_tflops,        gpu->fp8_tflops,  gpu->int8_tops};
        if (!(isfinite(gpu->memory_bandwidth_gb_per_s) && gpu->memory_bandwidth_gb_per_s > 0) ||
            !(isfinite(gpu->tdp_watts) && gpu->tdp_watts >= 0))
            return false;
        for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
            if (!finite_or_none(rates[i]))
                return false;
    }
    for (size_t i = 0; i < snap->instance_count; i++)
        if (!isfinite(snap->instances[i].gpu_count) || !isfinite(snap->instances[i].gpu_memory_gb))
            return false;
    for (size_t o = 0; o < snap->offer_count; o++)
        for (int m = 0; m < PRICING_COUNT; m++)
            if (snap->offers[o].prices[m].present && !isfinite(snap->offers[o].prices[m].hourly_usd))
                return false;
    return true;
}

static int compare_text(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return (a != NULL) - (b != NULL);
    return strcmp(a, b);
}

static int compare_double(double a, double b)
{
    return (a > b) - (a < b);
}

/* What tells shapes apart (catalog_shape), with the instance's index. */
typedef struct shape_key {
    size_t provider, gpu;
    double gpu_count, gpu_memory_gb;
    const char *gpu_interconnect, *cluster_network;
    size_t instance;
} shape_key;

static shape_key shape_key_of(const catalog *snap, size_t i)
{
    const catalog_instance *in = &snap->instances[i];
    return (shape_key){(size_t)(in->provider - snap->providers), (size_t)(in->gpu - snap->gpus), in->gpu_count,
                       in->gpu_memory_gb, in->gpu_interconnect, in->cluster_network, i};
}

static int compare_size(size_t a, size_t b)
{
    return (a > b) - (a < b);
}

static int compare_size_qsort(const void *a, const void *b)
{
    return compare_size(*(const size_t *)a, *(const size_t *)b);
}

static int compare_shape(const shape_key *a, const shape_key *b)
{
    int cmp = compare_size(a->provider, b->provider);
    if (cmp == 0)
        cmp = compare_size(a->gpu, b->gpu);
    if (cmp == 0)
        cmp = compare_double(a->gpu_count, b->gpu_count);
    if (cmp == 0)
        cmp = compare_double(a->gpu_memory_gb, b->gpu_memory_gb);
    if (cmp == 0)
        cmp = compare_text(a->gpu_interconnect, b->gpu_interconnect);
    if (cmp == 0)
        cmp = compare_text(a->cluster_network, b->cluster_network);
    return cmp;
}

/* Instances of one shape next to each other, in instance order within a shape. */
static int compare_shape_qsort(const void *a, const void *b)
{
    const shape_key *ka = a, *kb = b;
    int cmp = compare_shape(ka, kb);
    return cmp != 0 ? cmp : compare_size(ka->instance, kb->instance);
}

typedef struct ranked {
    catalog_cheapest cheapest;
    size_t instance;
} ranked;

static int compare_ranked(const void *a, const void *b)
{
    const ranked *ra = a, *rb = b;
    int cmp = compare_double(ra->cheapest.hourly_usd, rb->cheapest.hourly_usd);
    return cmp != 0 ? cmp : compare_size(ra->instance, rb->instance);
}

/* Two prices close enough that the engine's arithmetic on them may round to one value, after which only the region's
 * name orders them. IEEE 754 rounds each operation to within half a unit in the last place (2^-53 relative) and a
 * square root halves a relative gap; the engine chains a handful of operations on a price, so prices further apart
 * than 1e-12 relative (thousands of units in the last place) keep their order. */
#define NEAR_TIE_RELATIVE 1e-12

static bool priced(const catalog_price *price)
{
    return price->present && price->hourly_usd > 0;
}

/* The cheapest region of one instance type under one model; false when no offer has that price. */
static bool instance_cheapest(const catalog *snap, const catalog_instance *in, pricing_model m, catalog_cheapest *out)
{
    memset(out, 0, sizeof *out);
    for (size_t k = 0; k < in->offer_count; k++) {
        size_t o = in->first_offer + k;
        const catalog_price *price = &snap->offers[o].prices[m];
        if (!priced(price))
            continue;
        if (out->regions == 0 || price->hourly_usd < out->hourly_usd) {
            out->hourly_usd = price->hourly_usd;
            out->offer = o;
        }
        out->regions++;
    }
    if (out->regions == 0)
        return false;
    for (size_t k = 0; k < in->offer_count; k++) {
        const catalog_price *price = &snap->offers[in->first_offer + k].prices[m];
        if (priced(price) && price->hourly_usd != out->hourly_usd &&
            price->hourly_usd <= out->hourly_usd * (1.0 + NEAR_TIE_RELATIVE))
            out->near_tie = true;
    }
    return true;
}

static void build_shape(loader *l, catalog *snap, catalog_shape *shape, const size_t *members, size_t count)
{
    size_t *instances = arena_alloc(l->arena, count * sizeof *instances);
    memcpy(instances, members, count * sizeof *instances);
    shape->instances = instances;
    shape->instance_count = count;
    shape->example = &snap->instances[members[0]];
    size_t offers_of_mix[1u << PRICING_COUNT] = {0};
    ranked *ranks = xcalloc(count, sizeof *ranks);
    for (int m = 0; m < PRICING_COUNT; m++) {
        size_t n = 0;
        for (size_t i = 0; i < count; i++) {
            const catalog_instance *in = &snap->instances[members[i]];
            if (instance_cheapest(snap, in, (pricing_model)m, &ranks[n].cheapest)) {
                ranks[n].instance = members[i];
                n++;
            }
            for (size_t k = 0; k < in->offer_count; k++) {
                const catalog_price *price = &snap->offers[in->first_offer + k].prices[m];
                if (priced(price) && price->hourly_usd > shape->dearest_usd[m])
                    shape->dearest_usd[m] = price->hourly_usd;
            }
        }
        qsort(ranks, n, sizeof *ranks, compare_ranked);
        catalog_cheapest *list = arena_alloc(l->arena, (n + 1) * sizeof *list);
        for (size_t i = 0; i < n; i++)
            list[i] = ranks[i].cheapest;
        shape->cheapest[m] = list;
        shape->cheapest_count[m] = n;
    }
    free(ranks);
    for (size_t i = 0; i < count; i++) {
        const catalog_instance *in = &snap->instances[members[i]];
        shape->offer_count += in->offer_count;
        for (size_t k = 0; k < in->offer_count; k++) {
            unsigned models = 0;
            for (int m = 0; m < PRICING_COUNT; m++)
                if (priced(&snap->offers[in->first_offer + k].prices[m]))
                    models |= 1u << m;
            offers_of_mix[models]++;
        }
    }
    size_t *region_of = xcalloc(shape->offer_count + 1, sizeof *region_of);
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        const catalog_instance *in = &snap->instances[members[i]];
        for (size_t k = 0; k < in->offer_count; k++)
            region_of[n++] = (size_t)(snap->offers[in->first_offer + k].region - snap->regions);
    }
    qsort(region_of, n, sizeof *region_of, compare_size_qsort);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || region_of[i] != region_of[i - 1];
    catalog_region_offers *region_offers = arena_alloc(l->arena, (distinct + 1) * sizeof *region_offers);
    shape->region_offers = region_offers;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || region_of[i] != region_of[i - 1])
            region_offers[shape->region_offers_count++].region = region_of[i];
        region_offers[shape->region_offers_count - 1].offers++;
    }
    free(region_of);
    size_t mix_count = 0;
    for (unsigned models = 0; models < (1u << PRICING_COUNT); models++)
        mix_count += offers_of_mix[models] > 0;
    catalog_model_mix *mixes = arena_alloc(l->arena, (mix_count + 1) * sizeof *mixes);
    shape->mixes = mixes;
    for (unsigned models = 0; models < (1u << PRICING_COUNT); models++)
        if (offers_of_mix[models] > 0)
            mixes[shape->mix_count++] = (catalog_model_mix){models, offers_of_mix[models]};
}

static void build_shapes(loader *l, catalog *snap)
{
    if (snap->instance_count == 0 || !figures_sound(snap))
        return;
    shape_key *keys = xcalloc(snap->instance_count, sizeof *keys);
    size_t *members = xcalloc(snap->instance_count, sizeof *members);
    for (size_t i = 0; i < snap->instance_count; i++)
        keys[i] = shape_key_of(snap, i);
    qsort(keys, snap->instance_count, sizeof *keys, compare_shape_qsort);
    size_t count = 1;
    for (size_t i = 1; i < snap->instance_count; i++)
        count += compare_shape(&keys[i - 1], &keys[i]) != 0;
    catalog_shape *shapes = arena_alloc(l->arena, count * sizeof *shapes);
    size_t start = 0, n = 0;
    for (size_t i = 0; i < snap->instance_count; i++) {
        members[i] = keys[i].instance;
        if (i + 1 == snap->instance_count || compare_shape(&keys[i], &keys[i + 1]) != 0) {
            build_shape(l, snap, &shapes[n++], members + start, i + 1 - start);
            start = i + 1;
        }
    }
    free(keys);
    free(members);
    snap->shapes = shapes;
    snap->shape_count = n;
}

int catalog_load(sqlite3 *db, catalog **out, char *err, size_t err_len)
{
    *out = NULL;
    catalog *snap = xcalloc(1, sizeof *snap);
    arena *a = xcalloc(1, sizeof *a);
    snap->arena = a;
    atomic_init(&snap->refs, 1);
    loader l = {db, a, UTIL_FNV_OFFSET, err, err_len};
    int rc = -1;
    /* one read transaction: a refresh committing meanwhile cannot tear the snapshot */
    if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(err, err_len, "loading the catalog: %s", sqlite3_errmsg(db));
        goto out;
    }
    if (load_providers(&l, snap) != 0 || load_regions(&l, snap) != 0 || load_gpus(&l, snap) != 0 ||
        load_instances(&l, snap) != 0 || load_fx(&l, snap) != 0 || load_offers(&l, snap) != 0)
        goto out;
    build_indexes(&l, snap);
    build_shapes(&l, snap);
    snprintf(snap->version, sizeof snap->version, "%016llx", (unsigned long long)l.hash);
    util_format_time(util_now(), snap->built_at, sizeof snap->built_at);
    free(a->slots); /* interning is done; the strings stay in the arena */
    a->slots = NULL;
    a->slot_count = a->slot_used = 0;
    rc = 0;
out:
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (rc != 0) {
        catalog_release(snap);
        return -1;
    }
    *out = snap;
    return 0;
}

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

long catalog_provider_index(const catalog *snap, const char *id)
{
    if (id == NULL)
        return -1;
    size_t lo = 0, hi = snap->provider_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(snap->providers[mid].id, id);
        if (cmp == 0)
            return (long)mid;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const catalog_gpu *catalog_find_gpu(const catalog *snap, const char *id)
{
    if (id == NULL)
        return NULL;
    size_t lo = 0, hi = snap->gpu_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(snap->gpus[mid].id, id);
        if (cmp == 0)
            return &snap->gpus[mid];
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int compare_pair(const char *provider_a, const char *id_a, const char *provider_b, const char *id_b)
{
    int cmp = strcmp(provider_a, provider_b);
    return cmp != 0 ? cmp : strcmp(id_a, id_b);
}

const catalog_region *catalog_find_region(const catalog *snap, const char *provider_id, const char *region_id)
{
    if (provider_id == NULL || region_id == NULL)
        return NULL;
    size_t lo = 0, hi = snap->region_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const catalog_region *r = &snap->regions[mid];
        int cmp = compare_pair(r->provider->id, r->id, provider_id, region_id);
        if (cmp == 0)
            return r;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

const catalog_instance *catalog_find_instance(const catalog *snap, const char *provider_id, const char *instance_id)
{
    if (provider_id == NULL || instance_id == NULL)
        return NULL;
    size_t lo = 0, hi = snap->instance_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const catalog_instance *in = &snap->instances[mid];
        int cmp = compare_pair(in->provider->id, in->id, provider_id, instance_id);
        if (cmp == 0)
            return in;
        if (cmp < 0)
            lo = mid + 1;
        else
            hi = mid;
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
