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

/* A feed row's rejection, named by its place in its document (the first REFRESH_NAMED of a run). */
static void name_reject(validation *v, const price_row *row, const char *field, const char *why)
{
    if (row->item < 0 || v->named_count >= REFRESH_NAMED)
        return;
    refresh_named *n = &v->named[v->named_count++];
    snprintf(n->field, sizeof n->field, "prices[%ld].%s", row->item, field);
    util_copy(n->message, sizeof n->message, why);
}

static void reject(validation *v, const price_row *row, const char *field, const char *why)
{
    store_run_record *rec = store_run_record_for(v->records, row->provider);
    if (rec)
        rec->rejected++;
    v->rejected++;
    log_reject(v, row, why);
    name_reject(v, row, field, why);
}

/* USD per unit of currency at the catalog's rate; 0 when it has none. */
static double usd_rate(const validation *v, const char *currency)
{
    const catalog_fx *rate = catalog_find_fx(v->snap, currency);
    return rate != NULL ? rate->usd_per_unit : 0;
}

/* Whether row moves more than REFRESH_MAX_JUMP from ref, the stored price or the anchor (in USD when their
 * currencies differ); why says so: "moves more than 5x from the stored 55.04". */
static bool jumps_from(const validation *v, const price_row *row, const store_price_ref *ref, bool is_anchor,
                       char *why, size_t why_len)
{
    bool same = strcmp(row->currency, ref->currency) == 0;
    double row_usd = row->hourly * (same ? 1 : usd_rate(v, row->currency));
    double ref_usd = ref->hourly * (same ? 1 : usd_rate(v, ref->currency));
    if (!(row_usd > 0 && ref_usd > 0))
        return false; /* no rate to compare with: the absurd-price bound still applies */
    double ratio = row_usd / ref_usd;
    if (!(ratio > REFRESH_MAX_JUMP || ratio < 1.0 / REFRESH_MAX_JUMP))
        return false;
    char price[48];
    snprintf(price, sizeof price, "%.6g%s%s", ref->hourly, same ? "" : " ", same ? "" : ref->currency);
    if (is_anchor)
        snprintf(why, why_len, "moves more than %gx from %s, its price at %.20s (%d days back, or the oldest on "
                 "record)", REFRESH_MAX_JUMP, price, ref->fetched_at, REFRESH_ANCHOR_DAYS);
    else
        snprintf(why, why_len, "moves more than %gx from the stored %s", REFRESH_MAX_JUMP, price);
    return true;
}

bool validate_jump(void *ctx, const price_row *row, const store_price_ref *stored, const store_price_ref *anchor)
{
    validation *v = ctx;
    char why[200];
    if (!jumps_from(v, row, stored, false, why, sizeof why) && !jumps_from(v, row, anchor, true, why, sizeof why))
        return true;
    log_reject(v, row, why); /* the store counts it, in the run record */
    name_reject(v, row, "hourly", why);
    return false;
}

/* Why a row that names a known instance type and region cannot be stored, or NULL, with the field at fault; sets
 * *effective. */
static const char *why_invalid(const validation *v, const price_row *row, const provider_instance *instance,
                               time_t *effective, const char **field)
{
    double fx = usd_rate(v, row->currency);
    double gpus = instance->gpu_count > 0 ? instance->gpu_count : 1;
    *effective = v->now;
    *field = "pricing_model";
    if (row->model == PRICING_CAPACITY_BLOCK) /* its durations come with it, and no price source states them */
        return "a capacity block (kept in the catalog's migrations, not refreshed)";
    *field = "hourly";
    if (!isfinite(row->hourly) || row->hourly <= 0)
        return "not a positive price";
    *field = "currency";
    if (fx <= 0)
        return "a currency without an fx rate";
    *field = "hourly";
    if (row->hourly * fx / gpus > REFRESH_MAX_USD_PER_GPU_HOUR)
        return "above the absurd-price bound per GPU-hour";
    *field = "effective_at";
    if (row->effective_at[0] != '\0' && util_parse_time(row->effective_at, effective) != 0)
        return "an unreadable effective date";
    if (*effective > v->now)
        return "effective in the future";
    *field = "effective_end_at";
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
        c = y->rank - x->rank; /* higher rank first: the later feed */
    if (c == 0)
        c = y->item < x->item ? -1 : y->item > x->item; /* then the later row of one feed document */
    if (c == 0)
        c = -strcmp(x->effective_at, y->effective_at); /* then (an adapter's rows) the later effective date */
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
        const char *field = NULL;
        const char *why = why_invalid(v, row, instance, &effective, &field);
        if (why != NULL) {
            reject(v, row, field, why);
            continue;
        }
        row->effective_assumed = row->effective_at[0] == '\0';
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
