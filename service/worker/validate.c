#include "worker/validate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/util.h"

/* Rejected rows named in the log per run; the rest are only counted. */
#define LOG_REJECTS 5

static void log_reject(validation *v, const price_row *row, const char *why)
{
    if (v->logged >= LOG_REJECTS)
        return;
    v->logged++;
    char price[32];
    snprintf(price, sizeof price, "%.6g", row->hourly);
    log_msg(LOG_WARN, "refresh rejected a price", "adapter", v->adapter, "provider", row->provider, "instance_type",
            row->instance_type, "region", row->region, "pricing", pricing_model_name(row->model), "hourly", price,
            "currency", row->currency, "reason", why, NULL);
}

static void reject(validation *v, const price_row *row, const char *why)
{
    store_run_record *rec = store_run_record_for(v->records, row->provider);
    if (rec)
        rec->rejected++;
    v->rejected++;
    log_reject(v, row, why);
}

bool validate_jump(void *ctx, const price_row *row, double stored_hourly)
{
    validation *v = ctx;
    double ratio = row->hourly / stored_hourly;
    if (!(ratio > REFRESH_MAX_JUMP || ratio < 1.0 / REFRESH_MAX_JUMP))
        return true;
    char why[96];
    snprintf(why, sizeof why, "moved x%.3g against the stored %.6g", ratio, stored_hourly);
    log_reject(v, row, why); /* the store counts it, in the run record */
    return false;
}

/* Why a row that names a known instance type and region cannot be stored, or NULL; sets *effective. */
static const char *why_invalid(const validation *v, const price_row *row, const provider_instance *instance,
                               time_t *effective)
{
    const catalog_fx *rate = catalog_find_fx(v->snap, row->currency);
    double fx = rate != NULL ? rate->usd_per_unit : 0;
    double gpus = instance->gpu_count > 0 ? instance->gpu_count : 1;
    *effective = v->now;
    if (row->model == PRICING_CAPACITY_BLOCK) /* its durations come with it, and no price source states them */
        return "a capacity block (kept in the catalog's migrations, not refreshed)";
    if (!isfinite(row->hourly) || row->hourly <= 0)
        return "not a positive price";
    if (fx <= 0)
        return "a currency without an fx rate";
    if (row->hourly * fx / gpus > REFRESH_MAX_USD_PER_GPU_HOUR)
        return "above the absurd-price bound per GPU-hour";
    if (row->effective_at[0] != '\0' && util_parse_time(row->effective_at, effective) != 0)
        return "an unreadable effective date";
    if (*effective > v->now)
        return "effective in the future";
    time_t end = 0;
    if (row->effective_end_at[0] != '\0' && util_parse_time(row->effective_end_at, &end) != 0)
        return "an unreadable effective end date";
    if (row->effective_end_at[0] != '\0' && end < *effective)
        return "ending before it starts";
    return NULL;
}

static int compare_rows(const void *a, const void *b)
{
    const price_row *x = a, *y = b;
    int c = strcmp(x->provider, y->provider);
    if (c == 0)
        c = strcmp(x->instance_type, y->instance_type);
    if (c == 0)
        c = strcmp(x->region, y->region);
    if (c == 0)
        c = (int)x->model - (int)y->model;
    if (c == 0)
        c = y->rank - x->rank; /* higher rank first */
    if (c == 0)
        c = -strcmp(x->effective_at, y->effective_at); /* later first */
    return c;
}

static bool same_key(const price_row *x, const price_row *y)
{
    return x->model == y->model && strcmp(x->provider, y->provider) == 0 &&
           strcmp(x->instance_type, y->instance_type) == 0 && strcmp(x->region, y->region) == 0;
}

void validate_rows(validation *v, price_batch *batch)
{
    size_t valid = 0;
    for (size_t i = 0; i < batch->count; i++) {
        price_row *row = &batch->rows[i];
        const provider_instance *instance = provider_find_instance(v->run, row->provider, row->instance_type);
        if (instance == NULL || !provider_has_region(v->run, row->provider, row->region)) {
            v->skipped++;
            continue;
        }
        time_t effective;
        const char *why = why_invalid(v, row, instance, &effective);
        if (why != NULL) {
            reject(v, row, why);
            continue;
        }
        util_format_time(effective, row->effective_at, sizeof row->effective_at);
        if (row->effective_end_at[0] != '\0') {
            time_t end = 0;
            util_parse_time(row->effective_end_at, &end);
            if (end <= v->now) { /* a price that no longer applies is not stored, so it is never served */
                v->expired++;
                v->skipped++;
                continue;
            }
            util_format_time(end, row->effective_end_at, sizeof row->effective_end_at);
        }
        batch->rows[valid++] = *row;
    }
    batch->count = valid;
    if (batch->count > 1)
        qsort(batch->rows, batch->count, sizeof *batch->rows, compare_rows);
    size_t unique = 0;
    for (size_t i = 0; i < batch->count; i++) {
        if (unique > 0 && same_key(&batch->rows[unique - 1], &batch->rows[i])) {
            v->skipped++;
            continue;
        }
        batch->rows[unique++] = batch->rows[i];
    }
    batch->count = unique;
}
