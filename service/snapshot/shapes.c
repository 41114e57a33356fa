#include "snapshot/shapes.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

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
                          gpu->fp16_tflops, gpu->bf16_tflops,        gpu->fp8_tflops,  gpu->int8_tops,
                          gpu->fp4_tflops};
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
    double cluster_network_gbps; /* the planner's utilisation depends on it */
    bool retired; /* a retired type is never recommended: it must not share a shape with current ones */
    size_t instance;
} shape_key;

static shape_key shape_key_of(const catalog *snap, size_t i)
{
    const catalog_instance *in = &snap->instances[i];
    return (shape_key){(size_t)(in->provider - snap->providers), (size_t)(in->gpu - snap->gpus), in->gpu_count,
                       in->gpu_memory_gb, in->gpu_interconnect, in->cluster_network, in->cluster_network_gbps,
                       in->retired_at != NULL, i};
}

static int compare_size(size_t a, size_t b)
{
    return (a > b) - (a < b);
}

static int compare_size_qsort(const void *a, const void *b)
{
    return compare_size(*(const size_t *)a, *(const size_t *)b);
}

/* What one node is: its GPU, their count and memory, and what joins them. */
static int compare_node(const shape_key *a, const shape_key *b)
{
    int cmp = compare_size(a->gpu, b->gpu);
    if (cmp == 0)
        cmp = compare_double(a->gpu_count, b->gpu_count);
    if (cmp == 0)
        cmp = compare_double(a->gpu_memory_gb, b->gpu_memory_gb);
    if (cmp == 0)
        cmp = compare_text(a->gpu_interconnect, b->gpu_interconnect);
    return cmp;
}

/* The figures a workload's fit depends on: everything of a shape but its provider and retirement. */
static int compare_hardware(const shape_key *a, const shape_key *b)
{
    int cmp = compare_node(a, b);
    if (cmp == 0)
        cmp = compare_text(a->cluster_network, b->cluster_network);
    if (cmp == 0)
        cmp = compare_double(a->cluster_network_gbps, b->cluster_network_gbps);
    return cmp;
}

static int compare_shape(const shape_key *a, const shape_key *b)
{
    int cmp = compare_size(a->provider, b->provider);
    if (cmp == 0)
        cmp = compare_hardware(a, b);
    if (cmp == 0)
        cmp = (int)a->retired - (int)b->retired;
    return cmp;
}

/* Shapes by hardware, then by index: the first of each run is the run's twin. */
static int compare_hardware_qsort(const void *a, const void *b)
{
    const shape_key *ka = a, *kb = b;
    int cmp = compare_hardware(ka, kb);
    return cmp != 0 ? cmp : compare_size(ka->instance, kb->instance);
}

/* catalog_shape.hardware_twin of every shape; keys[s] is shape s's example's key, its instance member set to s. Sorted
 * by hardware, each run of one hardware stands together in index order. */
static void find_twins(catalog_shape *shapes, shape_key *keys, size_t count)
{
    qsort(keys, count, sizeof *keys, compare_hardware_qsort);
    size_t hardware_twin = 0;
    for (size_t i = 0; i < count; i++) {
        if (i == 0 || compare_hardware(&keys[i - 1], &keys[i]) != 0)
            hardware_twin = keys[i].instance;
        shapes[keys[i].instance].hardware_twin = hardware_twin;
    }
}

/* Instances of one shape next to each other, in instance order within a shape. */
static int compare_shape_qsort(const void *a, const void *b)
{
    const shape_key *ka = a, *kb = b;
    int cmp = compare_shape(ka, kb);
    return cmp != 0 ? cmp : compare_size(ka->instance, kb->instance);
}

/* An instance type's, or a shape's, cheapest price under one pricing model: cheapest first, ties by index. */
typedef struct ranked {
    catalog_cheapest cheapest;
    size_t index; /* into instances, or into shapes */
} ranked;

static int compare_ranked(const void *a, const void *b)
{
    const ranked *ra = a, *rb = b;
    int cmp = compare_double(ra->cheapest.hourly_usd, rb->cheapest.hourly_usd);
    return cmp != 0 ? cmp : compare_size(ra->index, rb->index);
}

/* Sorts ranks[0..n) cheapest first and lists, in a's memory, their prices (*cheapest) or their indexes (*indexes),
 * whichever is asked for. */
static void sort_ranked(arena *a, ranked *ranks, size_t n, const catalog_cheapest **cheapest, const size_t **indexes)
{
    qsort(ranks, n, sizeof *ranks, compare_ranked);
    catalog_cheapest *prices = cheapest ? arena_alloc(a, (n + 1) * sizeof *prices) : NULL;
    size_t *order = indexes ? arena_alloc(a, (n + 1) * sizeof *order) : NULL;
    for (size_t i = 0; i < n; i++) {
        if (prices)
            prices[i] = ranks[i].cheapest;
        if (order)
            order[i] = ranks[i].index;
    }
    if (cheapest)
        *cheapest = prices;
    if (indexes)
        *indexes = order;
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
        if (out->regions == 0 || price->hourly_usd < out->hourly_usd ||
            (price->hourly_usd == out->hourly_usd &&
             snap->offers[o].region->tie_rank < snap->offers[out->offer].region->tie_rank)) {
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

static void build_shape(arena *a, catalog *snap, catalog_shape *shape, const size_t *members, size_t count)
{
    size_t *instances = arena_alloc(a, count * sizeof *instances);
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
                ranks[n].index = members[i];
                n++;
            }
            for (size_t k = 0; k < in->offer_count; k++) {
                const catalog_price *price = &snap->offers[in->first_offer + k].prices[m];
                if (priced(price) && price->hourly_usd > shape->dearest_usd[m])
                    shape->dearest_usd[m] = price->hourly_usd;
            }
        }
        sort_ranked(a, ranks, n, &shape->cheapest[m], NULL);
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
    catalog_region_offers *region_offers = arena_alloc(a, (distinct + 1) * sizeof *region_offers);
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
    catalog_model_mix *mixes = arena_alloc(a, (mix_count + 1) * sizeof *mixes);
    shape->mixes = mixes;
    for (unsigned models = 0; models < (1u << PRICING_COUNT); models++)
        if (offers_of_mix[models] > 0)
            mixes[shape->mix_count++] = (catalog_model_mix){models, offers_of_mix[models]};
}

/* snap->shapes_by_price: per pricing model, the shapes priced under it by their cheapest price. */
static void order_by_price(arena *a, catalog *snap, const catalog_shape *shapes, size_t count)
{
    ranked *priced = xcalloc(count + 1, sizeof *priced);
    for (int m = 0; m < PRICING_COUNT; m++) {
        size_t n = 0;
        for (size_t s = 0; s < count; s++)
            if (shapes[s].cheapest_count[m] > 0)
                priced[n++] = (ranked){shapes[s].cheapest[m][0], s};
        sort_ranked(a, priced, n, NULL, &snap->shapes_by_price[m]);
        snap->shapes_by_price_count[m] = n;
    }
    free(priced);
}

void shapes_build(arena *a, catalog *snap)
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
    catalog_shape *shapes = arena_alloc(a, count * sizeof *shapes);
    size_t start = 0, n = 0;
    for (size_t i = 0; i < snap->instance_count; i++) {
        members[i] = keys[i].instance;
        if (i + 1 == snap->instance_count || compare_shape(&keys[i], &keys[i + 1]) != 0) {
            build_shape(a, snap, &shapes[n++], members + start, i + 1 - start);
            start = i + 1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        keys[i] = shape_key_of(snap, (size_t)(shapes[i].example - snap->instances));
        keys[i].instance = i;
    }
    find_twins(shapes, keys, n);
    order_by_price(a, snap, shapes, n);
    free(keys);
    free(members);
    snap->shapes = shapes;
    snap->shape_count = n;
    snap->most_gpus_per_instance = 0;
    snap->most_gpus_per_clustered_instance = 0;
    for (size_t i = 0; i < n; i++) { /* a shape's instance types have its GPU count and cluster network */
        const catalog_instance *example = shapes[i].example;
        if (example->gpu_count > snap->most_gpus_per_instance)
            snap->most_gpus_per_instance = example->gpu_count;
        if (catalog_instance_clusters(example) && example->gpu_count > snap->most_gpus_per_clustered_instance)
            snap->most_gpus_per_clustered_instance = example->gpu_count;
    }
}
