/* AWS prices from three public sources:
 * - the Price List bulk API (https://docs.aws.amazon.com/awsaccountbilling/latest/aboutv2/using-the-aws-price-list-
 *   bulk-api.html): the EC2 region index, then each region's offer file as CSV. The files are 300-475 MB, so they are
 *   parsed as they stream in (fetch_stream) and only the catalog's instance types are kept; a region is fetched again
 *   only when its version URL changed (kept in fetch_state);
 * - the spot price feed behind the EC2 spot pricing page (spot.js, JSONP, legacy region names);
 * - the spot advisor feed (interruption bands per region, OS and instance type; no prices).
 * Which CSV rows count is written in worker/providers/README.md: plain Linux, shared tenancy, no pre-installed
 * software, capacity status Used, market option OnDemand (else a zero-priced Capacity Block row slips in), unit Hrs:
 * aws_csv.c. */
#include "worker/providers/provider.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define AWS_SPOT_SOURCE "aws:spot-price-feed"
#define REGION_INDEX_PATH "/offers/v1.0/aws/AmazonEC2/current/region_index.json"

static bool aws_enabled(const config *cfg, const char **why_not)
{
    if (cfg->aws_pricing_url[0] == '\0') {
        *why_not = "GPUREC_AWS_PRICING_URL is empty";
        return false;
    }
    return true;
}

static int csv_sink(void *ctx, const char *data, size_t len)
{
    return aws_csv_feed(ctx, data, len);
}

/* --- legacy region names of spot.js --- */

/* The old names spot.js still uses, with the region each stands for (as the EC2 spot pricing page labels them). */
static const struct {
    const char *legacy;
    const char *id;
} legacy_regions[] = {
    {"us-east", "us-east-1"},       {"us-west", "us-west-1"},       {"eu-ireland", "eu-west-1"},
    {"apac-sin", "ap-southeast-1"}, {"apac-syd", "ap-southeast-2"}, {"apac-tokyo", "ap-northeast-1"},
};

const char *aws_spot_region_id(const char *legacy)
{
    if (legacy == NULL)
        return NULL;
    for (size_t i = 0; i < sizeof legacy_regions / sizeof legacy_regions[0]; i++)
        if (strcmp(legacy_regions[i].legacy, legacy) == 0)
            return legacy_regions[i].id;
    size_t n = strlen(legacy);
    /* A current region id ends in its number ("us-east-2", "eu-central-1"). */
    if (n > 0 && isdigit((unsigned char)legacy[n - 1]) && strchr(legacy, '-') != NULL)
        return legacy;
    return NULL;
}

/* --- the fetches --- */

static int load_json(const provider_run *run, const char *url, const char *etag, fetch_result *res, json_t **out,
                     char *err, size_t err_len)
{
    fetch_options opt = run->fetch;
    opt.etag = etag;
    *out = NULL;
    if (fetch_get(url, &opt, res, err, err_len) != FETCH_OK)
        return -1;
    if (res->not_modified)
        return 0;
    char shown[256];
    fetch_redact_url(url, shown, sizeof shown);
    /* spot.js is JSONP: callback({...}); take what is between the first '(' and the last ')'. */
    const char *start = res->body, *end = res->body + res->body_size;
    const char *brace = memchr(start, '{', res->body_size);
    const char *paren = memchr(start, '(', res->body_size);
    if (paren != NULL && (brace == NULL || paren < brace)) {
        while (end > paren && end[-1] != ')')
            end--;
        if (end == paren) {
            snprintf(err, err_len, "aws: %s: JSONP without its closing parenthesis (truncated?)", shown);
            return -1;
        }
        start = paren + 1;
        end--;
    }
    json_error_t jerr;
    *out = json_loadb(start, (size_t)(end - start), 0, &jerr);
    if (*out == NULL) {
        snprintf(err, err_len, "aws: %s: malformed JSON at line %d, column %d", shown, jerr.line, jerr.column);
        return -1;
    }
    return 0;
}

static int fetch_offers(const provider_run *run, price_batch *out, bool *changed, char *err, size_t err_len)
{
    int rc = -1;
    json_t *index = NULL;
    fetch_result res;
    memset(&res, 0, sizeof res);
    char url[1024];
    const char *base = run->cfg->aws_pricing_url;
    if (provider_join_url(url, sizeof url, base, REGION_INDEX_PATH) != 0) {
        snprintf(err, err_len, "aws: GPUREC_AWS_PRICING_URL is too long");
        goto out;
    }
    if (load_json(run, url, NULL, &res, &index, err, err_len) != 0)
        goto out;
    fetch_result_clear(&res); /* parsed: the text is no longer needed, and res is reused below */
    uint64_t catalog_hash = UTIL_FNV_OFFSET;
    for (size_t i = 0; i < run->instance_count; i++)
        if (strcmp(run->instances[i].provider, "aws") == 0)
            catalog_hash = util_fnv1a(catalog_hash, run->instances[i].id, strlen(run->instances[i].id) + 1);
    const json_t *regions = json_object_get(index, "regions");
    if (!json_is_object(regions)) {
        snprintf(err, err_len, "aws: region index has no regions object (format changed?)");
        goto out;
    }
    for (size_t r = 0; r < run->region_count; r++) {
        const provider_region *region = &run->regions[r];
        if (strcmp(region->provider, "aws") != 0)
            continue;
        const json_t *entry = json_object_get(regions, region->id);
        if (entry == NULL)
            continue; /* a catalog region the price list does not cover (yet) */
        char part[64];
        snprintf(part, sizeof part, "offer file %s", region->id);
        const char *version_url = provider_json_string(entry, "currentVersionUrl");
        if (version_url == NULL || version_url[0] != '/') {
            price_batch_fail_part(out, part, "the region index has no currentVersionUrl path for it");
            continue;
        }
        char state_key[1024], current_path[256], version[512];
        snprintf(current_path, sizeof current_path, "/offers/v1.0/aws/AmazonEC2/current/%s/index.csv", region->id);
        if (provider_join_url(state_key, sizeof state_key, base, current_path) != 0) {
            snprintf(err, err_len, "aws: GPUREC_AWS_PRICING_URL is too long");
            goto out;
        }
        /* The catalog's instance types are part of the version: a type added since the last run is priced even
         * when the file has not changed. */
        snprintf(version, sizeof version, "%s#%016llx", version_url, (unsigned long long)catalog_hash);
        const provider_state *prev = provider_find_state(run, state_key);
        if (prev != NULL && prev->version != NULL && strcmp(prev->version, version) == 0)
            continue; /* unchanged since it was last applied */
        /* The version URL names the JSON form; the CSV form sits beside it (same path, .csv). */
        char path[512], offer_url[1024];
        size_t vlen = strlen(version_url);
        if (vlen < 5 || vlen >= sizeof path || strcmp(version_url + vlen - 5, ".json") != 0) {
            price_batch_fail_part(out, part, "an unexpected currentVersionUrl in the region index");
            continue;
        }
        snprintf(path, sizeof path, "%.*s.csv", (int)(vlen - 5), version_url);
        if (provider_join_url(offer_url, sizeof offer_url, base, path) != 0) {
            price_batch_fail_part(out, part, "its URL is too long");
            continue;
        }
        fetch_options opt = run->fetch;
        /* A 475 MB file takes minutes: bound it by stalls and by a generous total instead of the JSON timeout. */
        opt.stall_timeout_s = run->fetch.timeout_s > 0 ? run->fetch.timeout_s : 60;
        opt.timeout_s = run->fetch.timeout_s > 0 ? run->fetch.timeout_s * 10 : 0;
        size_t first = out->count;
        char why[512];
        aws_csv *parser = aws_csv_new(run, region->id, out);
        int frc = fetch_stream(offer_url, &opt, csv_sink, parser, &res, why, sizeof why);
        if (frc == FETCH_ERR_SINK || (frc == FETCH_OK && aws_csv_finish(parser) != 0)) {
            snprintf(why, sizeof why, "%s", aws_csv_error(parser));
            frc = -1;
        }
        out->rows_seen += aws_csv_records(parser);
        aws_csv_free(parser);
        if (frc == FETCH_ERR_STOPPED) {
            snprintf(err, err_len, "aws: %s", why);
            goto out;
        }
        if (frc != FETCH_OK) {
            /* One region's file failing fails that region only: none of its rows, its state not saved (so the
             * next run fetches it again), the other regions applied. */
            out->count = first;
            price_batch_fail_part(out, part, why);
            continue;
        }
        price_batch_set_state(out, state_key, NULL, version);
        *changed = true;
    }
    rc = 0;
out:
    json_decref(index);
    fetch_result_clear(&res);
    return rc;
}

/* Interruption band labels by index, from the advisor's ranges[]. */
typedef struct advisor {
    const json_t *doc;
    const char *labels[16];
    size_t label_count;
} advisor;

static int read_advisor(const json_t *doc, advisor *adv, char *err, size_t err_len)
{
    memset(adv, 0, sizeof *adv);
    adv->doc = doc;
    const json_t *ranges = json_object_get(doc, "ranges");
    if (!json_is_array(ranges) || !json_is_object(json_object_get(doc, "spot_advisor"))) {
        snprintf(err, err_len, "aws: spot advisor: no ranges or spot_advisor (format changed?)");
        return -1;
    }
    size_t i;
    const json_t *range;
    json_array_foreach(ranges, i, range) {
        const json_t *index = json_object_get(range, "index");
        const char *label = provider_json_string(range, "label");
        if (!json_is_integer(index) || label == NULL || json_integer_value(index) < 0 ||
            json_integer_value(index) >= 16) {
            snprintf(err, err_len, "aws: spot advisor: ranges[%zu] lacks index or label", i);
            return -1;
        }
        size_t at = (size_t)json_integer_value(index);
        adv->labels[at] = label;
        if (at + 1 > adv->label_count)
            adv->label_count = at + 1;
    }
    return 0;
}

static const char *advisor_band(const advisor *adv, const char *region, const char *type)
{
    const json_t *entry = json_object_get(
        json_object_get(json_object_get(json_object_get(adv->doc, "spot_advisor"), region), "Linux"), type);
    const json_t *r = json_object_get(entry, "r");
    if (!json_is_integer(r) || json_integer_value(r) < 0 || (size_t)json_integer_value(r) >= adv->label_count)
        return NULL;
    return adv->labels[json_integer_value(r)];
}

static int parse_spot(const provider_run *run, const json_t *spot, const advisor *adv, price_batch *out, char *err,
                      size_t err_len)
{
    const json_t *regions = json_object_get(json_object_get(spot, "config"), "regions");
    if (!json_is_array(regions)) {
        snprintf(err, err_len, "aws: spot feed has no config.regions array (format changed?)");
        return -1;
    }
    size_t ri;
    const json_t *region;
    json_array_foreach(regions, ri, region) {
        const char *region_id = aws_spot_region_id(provider_json_string(region, "region"));
        const json_t *types = json_object_get(region, "instanceTypes");
        if (!json_is_array(types)) {
            snprintf(err, err_len, "aws: spot feed: regions[%zu] has no instanceTypes array", ri);
            return -1;
        }
        if (region_id == NULL || !provider_has_region(run, "aws", region_id))
            continue;
        size_t ti;
        const json_t *type;
        json_array_foreach(types, ti, type) {
            const json_t *sizes = json_object_get(type, "sizes");
            size_t si;
            const json_t *size;
            json_array_foreach(sizes, si, size) {
                out->rows_seen++;
                const char *name = provider_json_string(size, "size");
                if (name == NULL || provider_find_instance(run, "aws", name) == NULL)
                    continue;
                size_t vi;
                const json_t *column;
                json_array_foreach(json_object_get(size, "valueColumns"), vi, column) {
                    const char *os = provider_json_string(column, "name");
                    if (os == NULL || strcmp(os, "linux") != 0)
                        continue;
                    const json_t *prices = json_object_get(column, "prices");
                    const char *currency = NULL;
                    const json_t *value;
                    double hourly = 0;
                    bool found = false;
                    json_object_foreach((json_t *)prices, currency, value) {
                        /* "N/A*" and the like mean no spot price here now. */
                        if (strlen(currency) == 3 && provider_json_number(value, &hourly) == 0) {
                            found = true;
                            break;
                        }
                    }
                    if (!found)
                        continue;
                    price_row row;
                    if (price_row_set(&row, "aws", name, region_id, PRICING_SPOT, hourly, currency, "",
                                      AWS_SPOT_SOURCE) != 0)
                        continue;
                    const char *band = advisor_band(adv, region_id, name);
                    if (band != NULL)
                        util_copy(row.spot_interruption, sizeof row.spot_interruption, band);
                    price_batch_add(out, &row);
                }
            }
        }
    }
    return 0;
}

/* The spot advisor's document, or NULL when it is off or failed (a failed part: spot prices go on without bands). */
static json_t *load_advisor(const provider_run *run, bool spot_unchanged, fetch_result *res, bool *unchanged,
                            price_batch *out)
{
    const char *url = run->cfg->aws_spot_advisor_url;
    json_t *doc = NULL;
    char why[512];
    *unchanged = true;
    if (url[0] == '\0')
        return NULL;
    const provider_state *prev = provider_find_state(run, url);
    if (load_json(run, url, prev ? prev->etag : NULL, res, &doc, why, sizeof why) != 0) {
        price_batch_fail_part(out, "spot advisor", why);
        return NULL;
    }
    *unchanged = res->not_modified;
    if (res->not_modified && !spot_unchanged) {
        /* The spot prices changed: their bands are needed, so fetch the unchanged advisor again in full. */
        fetch_result_clear(res);
        if (load_json(run, url, NULL, res, &doc, why, sizeof why) != 0) {
            price_batch_fail_part(out, "spot advisor", why);
            return NULL;
        }
    }
    return doc;
}

static int fetch_spot(const provider_run *run, price_batch *out, bool *changed, char *err, size_t err_len)
{
    json_t *spot = NULL, *adv_doc = NULL;
    fetch_result spot_res, adv_res;
    memset(&spot_res, 0, sizeof spot_res);
    memset(&adv_res, 0, sizeof adv_res);
    const char *spot_url = run->cfg->aws_spot_url, *adv_url = run->cfg->aws_spot_advisor_url;
    char why[512];
    (void)err;
    (void)err_len;
    if (spot_url[0] == '\0')
        return 0; /* spot prices off */
    const provider_state *spot_prev = provider_find_state(run, spot_url);
    if (load_json(run, spot_url, spot_prev ? spot_prev->etag : NULL, &spot_res, &spot, why, sizeof why) != 0) {
        price_batch_fail_part(out, "spot prices", why);
        goto out;
    }
    bool adv_unchanged = true;
    adv_doc = load_advisor(run, spot_res.not_modified, &adv_res, &adv_unchanged, out);
    if (spot_res.not_modified && adv_unchanged)
        goto out;
    /* The advisor changed: the prices' body is needed for its bands, so fetch it again in full. */
    if (spot_res.not_modified) {
        fetch_result_clear(&spot_res);
        if (load_json(run, spot_url, NULL, &spot_res, &spot, why, sizeof why) != 0) {
            price_batch_fail_part(out, "spot prices", why);
            goto out;
        }
    }
    advisor adv;
    memset(&adv, 0, sizeof adv);
    if (adv_doc != NULL && read_advisor(adv_doc, &adv, why, sizeof why) != 0) {
        price_batch_fail_part(out, "spot advisor", why);
        json_decref(adv_doc);
        adv_doc = NULL;
        memset(&adv, 0, sizeof adv);
    }
    size_t first = out->count;
    if (parse_spot(run, spot, &adv, out, why, sizeof why) != 0) {
        out->count = first;
        price_batch_fail_part(out, "spot prices", why);
        goto out;
    }
    price_batch_set_state(out, spot_url, spot_res.etag, NULL);
    if (adv_url[0] != '\0' && adv_doc != NULL)
        price_batch_set_state(out, adv_url, adv_res.etag, NULL);
    *changed = true;
out:
    json_decref(spot);
    json_decref(adv_doc);
    fetch_result_clear(&spot_res);
    fetch_result_clear(&adv_res);
    return 0;
}

static int aws_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    bool changed = false;
    if (fetch_offers(run, out, &changed, err, err_len) != 0)
        return -1;
    if (fetch_spot(run, out, &changed, err, err_len) != 0)
        return -1;
    out->unchanged = !changed && out->failed_count == 0;
    return 0;
}

const provider_adapter provider_aws = {"aws", aws_enabled, aws_fetch};
