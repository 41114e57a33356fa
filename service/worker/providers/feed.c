/* The generic JSON price feed (GPUREC_FEED_URLS): prices for providers without an adapter, or a company's negotiated
 * prices, published as a file anyone can write. The format:
 *
 *   {
 *     "prices": [
 *       {"provider": "lambda", "instance_type": "gpu_8x_h100_sxm5", "region": "us-east-1",
 *        "pricing_model": "on_demand", "hourly": 23.92, "currency": "USD",
 *        "effective_at": "2025-06-01T00:00:00Z", "spot_interruption": null}
 *     ]
 *   }
 *
 * hourly is a JSON number or a decimal string; effective_at, effective_end_at (the last instant the price applies) and
 * spot_interruption are optional. A top-level array of
 * rows is accepted as well. provider, instance_type and region must be ids of the catalog: rows for anything else are
 * skipped (counted as seen), a row that is not of this shape fails the run, as any malformed document does. When one
 * document prices an offer twice, its later row wins, as a later feed does (worker/validate.h). */
#include "worker/providers/provider.h"
#include "worker/providers/json_items.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"

#define MAX_STRING 128

static bool feed_enabled(const config *cfg, const char **why_not)
{
    if (cfg->feed_url_count == 0) {
        *why_not = "no GPUREC_FEED_URLS";
        return false;
    }
    return true;
}

/* Whether s holds a control character: C0 (U+0000-U+001F), DEL (U+007F) or C1 (U+0080-U+009F, C2 80-9F in UTF-8).
 * A feed's text is served back (/v1/instances) and printed by the command line: none may reach a terminal. */
static bool has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
        if (*p < 0x20 || *p == 0x7F || (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
            return true;
    return false;
}

static const char *required_string(const json_t *row, const char *key, size_t index, char *err, size_t err_len)
{
    const char *v = provider_json_string(row, key);
    if (v == NULL || v[0] == '\0' || strlen(v) > MAX_STRING) {
        snprintf(err, err_len, "prices[%zu].%s must be a non-empty string of at most %d bytes", index, key,
                 MAX_STRING);
        return NULL;
    }
    if (has_control(v)) {
        snprintf(err, err_len, "prices[%zu].%s must not hold control characters", index, key);
        return NULL;
    }
    return v;
}

/* An optional string member: NULL when absent or null; -1 with err when it is not a string, is longer than max
 * bytes or holds control characters. */
static int optional_text(const json_t *row, const char *key, size_t max, size_t index, const char **out, char *err,
                         size_t err_len)
{
    const json_t *v = json_object_get(row, key);
    *out = NULL;
    if (v == NULL || json_is_null(v))
        return 0;
    if (!json_is_string(v) || json_string_length(v) > max || has_control(json_string_value(v))) {
        snprintf(err, err_len, "prices[%zu].%s must be a string of at most %zu bytes without control characters",
                 index, key, max);
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

static int parse_row(const provider_run *run, const json_t *row, size_t index, const char *source, price_batch *out,
                     char *err, size_t err_len)
{
    if (!json_is_object(row)) {
        snprintf(err, err_len, "prices[%zu] is not an object", index);
        return -1;
    }
    const char *provider = required_string(row, "provider", index, err, err_len);
    const char *type = provider ? required_string(row, "instance_type", index, err, err_len) : NULL;
    const char *region = type ? required_string(row, "region", index, err, err_len) : NULL;
    const char *model_name = region ? required_string(row, "pricing_model", index, err, err_len) : NULL;
    const char *currency = model_name ? required_string(row, "currency", index, err, err_len) : NULL;
    if (currency == NULL)
        return -1;
    pricing_model model;
    if (pricing_model_parse(model_name, &model) != 0) {
        char models[256];
        snprintf(err, err_len, "prices[%zu].pricing_model must be one of %s", index,
                 vocab_pricing_list(models, sizeof models));
        return -1;
    }
    double hourly = 0;
    if (provider_json_number(json_object_get(row, "hourly"), &hourly) != 0) {
        snprintf(err, err_len, "prices[%zu].hourly must be a number or a decimal string", index);
        return -1;
    }
    if (strlen(currency) != 3) {
        snprintf(err, err_len, "prices[%zu].currency must be a 3-letter ISO 4217 code", index);
        return -1;
    }
    const json_t *effective = json_object_get(row, "effective_at");
    if (effective != NULL && !json_is_null(effective) && !json_is_string(effective)) {
        snprintf(err, err_len, "prices[%zu].effective_at must be an ISO 8601 string", index);
        return -1;
    }
    const json_t *end = json_object_get(row, "effective_end_at");
    if (end != NULL && !json_is_null(end) && !json_is_string(end)) {
        snprintf(err, err_len, "prices[%zu].effective_end_at must be an ISO 8601 string", index);
        return -1;
    }
    const char *band = NULL;
    if (optional_text(row, "spot_interruption", sizeof ((price_row *)0)->spot_interruption - 1, index, &band, err,
                      err_len) != 0)
        return -1;
    if (provider_find_instance(run, provider, type) == NULL || !provider_has_region(run, provider, region)) {
        out->skipped++; /* not in the catalog */
        return 0;
    }
    price_row out_row;
    if (price_row_set(&out_row, provider, type, region, model, hourly, currency,
                      json_is_string(effective) ? json_string_value(effective) : "", source) != 0) {
        snprintf(err, err_len, "prices[%zu]: a field is longer than allowed", index);
        return -1;
    }
    if (json_is_string(end) &&
        util_copy(out_row.effective_end_at, sizeof out_row.effective_end_at, json_string_value(end)) != 0) {
        snprintf(err, err_len, "prices[%zu].effective_end_at is longer than allowed", index);
        return -1;
    }
    out_row.item = (long)index;
    if (band != NULL)
        util_copy(out_row.spot_interruption, sizeof out_row.spot_interruption, band);
    price_batch_add(out, &out_row);
    return 0;
}

/* One feed's rows as they stream in (json_items.h): memory stays flat whatever the feed's size. */
typedef struct feed_reader {
    const provider_run *run;
    const char *source;
    price_batch *out;
} feed_reader;

static int on_row(void *ctx, const json_t *row, size_t index, char *err, size_t err_len)
{
    feed_reader *f = ctx;
    f->out->rows_seen++;
    if (f->out->count >= PROVIDER_MAX_ROWS) {
        snprintf(err, err_len, "more than %zu price rows", (size_t)PROVIDER_MAX_ROWS);
        return -1;
    }
    return parse_row(f->run, row, index, f->source, f->out, err, err_len);
}

/* A later feed in GPUREC_FEED_URLS wins over an earlier one for the same price. */
static void rank_rows(price_batch *out, size_t first, int rank)
{
    for (size_t k = first; k < out->count; k++)
        out->rows[k].rank = rank;
}

int feed_parse_document(const provider_run *run, const char *body, size_t len, const char *source, int rank,
                        price_batch *out, char *err, size_t err_len)
{
    size_t first = out->count;
    feed_reader reader = {run, source, out};
    json_items *parser = json_items_new("prices", true, on_row, &reader);
    int rc = json_items_feed(parser, body, len) == 0 && json_items_finish(parser) == 0 ? 0 : -1;
    if (rc != 0)
        snprintf(err, err_len, "%s", json_items_error(parser));
    else
        rank_rows(out, first, rank);
    json_items_free(parser);
    return rc;
}

static int fetch_one(const provider_run *run, const char *url, int rank, price_batch *out, char *err, size_t err_len)
{
    int rc = -1;
    fetch_result res;
    memset(&res, 0, sizeof res);
    char shown[256], source[128];
    fetch_redact_url(url, shown, sizeof shown);
    snprintf(source, sizeof source, "feed:%.100s", shown);
    size_t first = out->count;
    feed_reader reader = {run, source, out};
    json_items *parser = json_items_new("prices", true, on_row, &reader);
    fetch_options opt = run->fetch;
    opt.max_expansion = run->cfg->fetch_max_expansion;
    int frc = fetch_stream(url, &opt, json_items_sink, parser, &res, err, err_len);
    if (frc == FETCH_ERR_SINK || (frc == FETCH_OK && json_items_finish(parser) != 0)) {
        snprintf(err, err_len, "feed %s: %s", shown, json_items_error(parser));
        goto out;
    }
    if (frc != FETCH_OK)
        goto out;
    rank_rows(out, first, rank);
    rc = 0;
out:
    json_items_free(parser);
    fetch_result_clear(&res);
    return rc;
}

static int feed_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    for (size_t i = 0; i < run->cfg->feed_url_count; i++)
        if (fetch_one(run, run->cfg->feed_urls[i], (int)i, out, err, err_len) != 0)
            return -1;
    return 0;
}

const provider_adapter provider_feed = {"feed", feed_enabled, feed_fetch};
