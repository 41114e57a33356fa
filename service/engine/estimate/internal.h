/* The estimate engine's own parts, shared by the files of engine/estimate/ alone: the request read and checked
 * against the snapshot (request.c), then priced and answered (estimate.c), each price shown with where it
 * came from (provenance.c). */
#ifndef GPUREC_ESTIMATE_INTERNAL_H
#define GPUREC_ESTIMATE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "engine/pricing/cost.h"
#include "engine/estimate/estimate.h"
#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define PROVIDER_MAX_LEN 64
#define INSTANCE_MAX_LEN 128
#define REGION_MAX_LEN 64
#define OFFERED_REGIONS_LISTED 8
#define FX_CURRENCIES_LISTED 16

typedef struct estimate_item {
    const char *provider_id;
    const char *instance_id;
    const char *region_id;
    long long count;
    long long hours;           /* 0 when the item gives months */
    long long months;          /* 0 when the item gives hours */
    long long hours_per_month; /* with months */
    const catalog_offer *offer;
    cost_usage usage;
    bool available[PRICING_COUNT];
    int64_t unit_micros[PRICING_COUNT];
    cost_line lines[PRICING_COUNT];
} estimate_item;

typedef struct estimate {
    const catalog *snap;
    const estimate_options *opts; /* NULL: no freshness limit */
    estimate_item *items;
    size_t item_count;
    bool compared[PRICING_COUNT]; /* the models the reply shows */
    bool priced[PRICING_COUNT];   /* those and on_demand, the baseline of savings and break-even figures */
} estimate;


/* Reads items[index] into *item, resolving it against snap; every problem found goes into p as a field error. */
void estimate_read_item(const catalog *snap, const json_t *item_json, size_t index, estimate_item *item, problem *p);
/* Reads the optional `pricing` list into compared[] (all false when absent: *explicit_list false); false when it had
 * an error (in p). */
bool estimate_read_pricing(const json_t *request, bool compared[PRICING_COUNT], bool *explicit_list, problem *p);

/* Writes the price object of one priced model to out (snapshot/price_write.h, as GET /v1/instances writes it, with
 * usd_per_unit 1 added for USD). */
void estimate_write_price(jsonw *out, const catalog *snap, const catalog_price *price);
/* Writes into out's open array what the answer must say about where price came from: that it is estimated, or that
 * it was fetched longer ago than est->opts allows. */
void estimate_write_price_warnings(jsonw *out, const estimate *est, const estimate_item *item,
                                   const catalog_price *price, pricing_model model);

#endif
