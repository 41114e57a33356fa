/* Tencent Cloud CVM prices from DescribeZoneInstanceConfigInfos (API 3.0, version 2017-03-12,
 * https://www.tencentcloud.com/document/api/213/17378), one signed POST per catalog region of tencent (X-TC-Region),
 * filtered to the catalog's tencent instance families and to the pay-as-you-go (POSTPAID_BY_HOUR) and spot
 * (SPOTPAID) charge types. Each answer lists one entry per zone, instance type and charge type with a Price object:
 *  - on-demand: Price.UnitPrice, the list price per hour (UnitPriceDiscount is the asking account's own discounted
 *    price, not a published one);
 *  - spot: Price.UnitPriceDiscount, the spot price after the spot discount;
 *  - only entries with ChargeUnit "HOUR" and Status "SELL" count; a region's row is its cheapest zone's price.
 * InstanceType ("GN7.2XLARGE32") is the catalog's tencent instance id as it is (upper case; a lower-case answer is
 * matched too).
 *
 * Currency follows the site the endpoint belongs to, since the answer does not name one: the China site
 * (cvm.tencentcloudapi.com and regional cvm.<region>.tencentcloudapi.com) bills in CNY, the international site
 * (cvm.intl.tencentcloudapi.com, a host with an "intl." label) in USD (tencent_site_currency()).
 *
 * Errors come back as HTTP 200 with Response.Error {Code, Message} (https://www.tencentcloud.com/document/api/213/
 * 15694): RequestLimitExceeded* is retried (re-signed) with backoff; anything else fails the run, its code named.
 * The SecretId and SecretKey are only ever put in the Authorization header: never in a URL, a log or a message. */
#include "worker/providers/provider.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "worker/signing.h"

#define TENCENT_SOURCE "tencent:DescribeZoneInstanceConfigInfos"
#define TENCENT_SERVICE "cvm"
#define TENCENT_ACTION "DescribeZoneInstanceConfigInfos"
#define TENCENT_VERSION "2017-03-12"
#define TENCENT_CONTENT_TYPE "application/json; charset=utf-8"
#define MAX_ATTEMPTS 4

typedef struct best_price {
    const provider_instance *instance;
    pricing_model model;
    double hourly;
} best_price;

typedef struct region_prices {
    best_price *items;
    size_t count;
    size_t cap;
} region_prices;

static bool tencent_enabled(const config *cfg, const char **why_not)
{
    if (cfg->tencent_secret_id[0] == '\0' || cfg->tencent_secret_key[0] == '\0') {
        *why_not = "no GPUREC_TENCENT_SECRET_ID / GPUREC_TENCENT_SECRET_KEY: the CVM API needs a signed request";
        return false;
    }
    if (cfg->tencent_endpoint[0] == '\0') {
        *why_not = "GPUREC_TENCENT_ENDPOINT is empty";
        return false;
    }
    return true;
}

const char *tencent_site_currency(const char *endpoint)
{
    char host[256];
    if (provider_url_authority(endpoint, host, sizeof host) != 0)
        return "CNY";
    for (const char *p = host; (p = strstr(p, "intl.")) != NULL; p++)
        if (p == host || p[-1] == '.')
            return "USD";
    return "CNY";
}

/* The request body: the catalog's tencent families and the two charge types priced here. */
static char *request_body(const provider_run *run)
{
    json_t *families = json_array();
    for (size_t i = 0; i < run->instance_count; i++) {
        const provider_instance *in = &run->instances[i];
        if (strcmp(in->provider, "tencent") != 0 || in->family == NULL)
            continue;
        bool seen = false;
        size_t k;
        json_t *f;
        json_array_foreach(families, k, f) {
            if (strcmp(json_string_value(f), in->family) == 0)
                seen = true;
        }
        if (!seen)
            json_array_append_new(families, json_string(in->family));
    }
    json_t *body = json_pack("{s:[{s:s,s:o},{s:s,s:[s,s]}]}", "Filters", "Name", "instance-family", "Values",
                             families, "Name", "instance-charge-type", "Values", "POSTPAID_BY_HOUR", "SPOTPAID");
    char *text = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    return text;
}

/* One signed POST for region; res holds the answer. */
static int send_signed(const provider_run *run, const char *region, const char *body, fetch_result *res, char *err,
                       size_t err_len)
{
    const config *cfg = run->cfg;
    char host[256];
    if (provider_url_authority(cfg->tencent_endpoint, host, sizeof host) != 0) {
        snprintf(err, err_len, "tencent: GPUREC_TENCENT_ENDPOINT is not a URL with a host");
        return -1;
    }
    time_t now = run->now ? run->now : time(NULL);
    char payload_hash[SHA256_HEX_LEN], signed_headers[64], auth[512];
    signing_sha256_hex(body, strlen(body), payload_hash);
    signing_header sh[] = {{"content-type", TENCENT_CONTENT_TYPE}, {"host", host}};
    char *canonical = signing_canonical_request("POST", "/", "", sh, 2, true, payload_hash, signed_headers,
                                                sizeof signed_headers);
    int rc = canonical == NULL ? -1
                               : signing_tc3(cfg->tencent_secret_id, cfg->tencent_secret_key, TENCENT_SERVICE, now,
                                             canonical, signed_headers, auth, sizeof auth);
    free(canonical);
    if (rc != 0) {
        snprintf(err, err_len, "tencent: cannot sign the request (a key too long?)");
        return -1;
    }
    char h_auth[560], h_region[96], h_ts[64];
    snprintf(h_auth, sizeof h_auth, "Authorization: %s", auth);
    snprintf(h_region, sizeof h_region, "X-TC-Region: %s", region);
    snprintf(h_ts, sizeof h_ts, "X-TC-Timestamp: %lld", (long long)now);
    const char *headers[] = {h_auth,
                             "Content-Type: " TENCENT_CONTENT_TYPE,
                             "X-TC-Action: " TENCENT_ACTION,
                             "X-TC-Version: " TENCENT_VERSION,
                             h_region,
                             h_ts,
                             NULL};
    fetch_request req = {"POST", headers, body, strlen(body)};
    rc = fetch_send(cfg->tencent_endpoint, &req, &run->fetch, res, err, err_len);
    memset(h_auth, 0, sizeof h_auth);
    memset(auth, 0, sizeof auth);
    return rc == FETCH_OK ? 0 : -1;
}

static const provider_instance *find_type(const provider_run *run, const char *type)
{
    const provider_instance *in = provider_find_instance(run, "tencent", type);
    if (in != NULL)
        return in;
    char upper[64];
    size_t n = 0;
    for (; type[n] != '\0' && n + 1 < sizeof upper; n++)
        upper[n] = (char)toupper((unsigned char)type[n]);
    upper[n] = '\0';
    return type[n] == '\0' ? provider_find_instance(run, "tencent", upper) : NULL;
}

static void keep_cheapest(region_prices *p, const provider_instance *in, pricing_model model, double hourly)
{
    for (size_t i = 0; i < p->count; i++)
        if (p->items[i].instance == in && p->items[i].model == model) {
            if (hourly < p->items[i].hourly)
                p->items[i].hourly = hourly;
            return;
        }
    if (p->count == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 32;
        p->items = xrealloc(p->items, p->cap * sizeof *p->items);
    }
    p->items[p->count++] = (best_price){in, model, hourly};
}

/* One InstanceTypeQuotaSet entry: 0 (kept or skipped) or -1 when it lacks what the format promises. */
static int parse_entry(const provider_run *run, const json_t *e, size_t index, region_prices *p, char *err,
                       size_t err_len)
{
    const char *type = provider_json_string(e, "InstanceType");
    const char *charge = provider_json_string(e, "InstanceChargeType");
    const json_t *price = json_object_get(e, "Price");
    if (type == NULL || charge == NULL || !json_is_object(price)) {
        snprintf(err, err_len, "InstanceTypeQuotaSet[%zu] lacks InstanceType, InstanceChargeType or Price "
                               "(format changed?)", index);
        return -1;
    }
    pricing_model model;
    const char *field;
    if (strcmp(charge, "POSTPAID_BY_HOUR") == 0) {
        model = PRICING_ON_DEMAND;
        field = "UnitPrice";
    } else if (strcmp(charge, "SPOTPAID") == 0) {
        model = PRICING_SPOT;
        field = "UnitPriceDiscount";
    } else {
        return 0;
    }
    const char *status = provider_json_string(e, "Status");
    const char *unit = provider_json_string(price, "ChargeUnit");
    const provider_instance *in = find_type(run, type);
    if (in == NULL || (status != NULL && strcmp(status, "SELL") != 0) || unit == NULL || strcmp(unit, "HOUR") != 0)
        return 0;
    double hourly;
    if (provider_json_number(json_object_get(price, field), &hourly) != 0) {
        snprintf(err, err_len, "InstanceTypeQuotaSet[%zu] (%s): Price.%s is missing or not a number", index, type,
                 field);
        return -1;
    }
    if (hourly > 0)
        keep_cheapest(p, in, model, hourly);
    return 0;
}

/* Response.Error's code and message into err, the message left out should it quote a key. */
static void describe_error(const config *cfg, const json_t *error, const char *region, char *err, size_t err_len)
{
    const char *code = provider_json_string(error, "Code");
    const char *message = provider_json_string(error, "Message");
    if (message != NULL && (strstr(message, cfg->tencent_secret_id) || strstr(message, cfg->tencent_secret_key)))
        message = "(withheld: it quotes the credentials)";
    snprintf(err, err_len, "tencent: %s: %s: %s", region, code ? code : "(no code)", message ? message : "");
}

/* The answer for one region into p. 0, 1 = throttled (retry), -1 = failed (err says why). */
static int parse_answer(const provider_run *run, const char *region, const fetch_result *res, region_prices *p,
                        size_t *seen, char *err, size_t err_len)
{
    json_error_t jerr;
    json_t *doc = json_loadb(res->body, res->body_size, 0, &jerr);
    int rc = -1;
    const json_t *response = json_object_get(doc, "Response");
    if (doc == NULL) {
        snprintf(err, err_len, "tencent: %s: HTTP %ld, malformed JSON at line %d: %s", region, res->status, jerr.line,
                 jerr.text);
        goto out;
    }
    if (!json_is_object(response)) {
        snprintf(err, err_len, "tencent: %s: HTTP %ld, the answer has no Response object (format changed?)", region,
                 res->status);
        goto out;
    }
    const json_t *error = json_object_get(response, "Error");
    if (error != NULL) {
        const char *code = provider_json_string(error, "Code");
        describe_error(run->cfg, error, region, err, err_len);
        rc = code != NULL && strncmp(code, "RequestLimitExceeded", 20) == 0 ? 1 : -1;
        goto out;
    }
    if (res->status < 200 || res->status > 299) {
        snprintf(err, err_len, "tencent: %s: HTTP %ld", region, res->status);
        goto out;
    }
    const json_t *set = json_object_get(response, "InstanceTypeQuotaSet");
    if (!json_is_array(set)) {
        snprintf(err, err_len, "tencent: %s: Response has no InstanceTypeQuotaSet array (format changed?)", region);
        goto out;
    }
    size_t i;
    const json_t *e;
    json_array_foreach(set, i, e) {
        (*seen)++;
        char why[256];
        if (parse_entry(run, e, i, p, why, sizeof why) != 0) {
            snprintf(err, err_len, "tencent: %s: %s", region, why);
            goto out;
        }
    }
    rc = 0;
out:
    json_decref(doc);
    return rc;
}

static int fetch_region(const provider_run *run, const char *region, const char *body, price_batch *out, char *err,
                        size_t err_len)
{
    region_prices p = {0};
    fetch_result res;
    memset(&res, 0, sizeof res);
    int rc = -1;
    int attempts = run->fetch.max_attempts > 0 ? run->fetch.max_attempts : MAX_ATTEMPTS;
    for (int attempt = 1;; attempt++) {
        if (send_signed(run, region, body, &res, err, err_len) != 0)
            goto out;
        rc = parse_answer(run, region, &res, &p, &out->rows_seen, err, err_len);
        fetch_result_clear(&res);
        if (rc <= 0)
            break;
        p.count = 0;
        if (attempt >= attempts) {
            size_t n = strlen(err);
            snprintf(err + n, err_len - n, " (after %d attempts)", attempt);
            rc = -1;
            goto out;
        }
        if (!fetch_backoff(&run->fetch, attempt, 0)) {
            snprintf(err, err_len, "tencent: %s: stopped", region);
            rc = -1;
            goto out;
        }
    }
    if (rc != 0)
        goto out;
    const char *currency = tencent_site_currency(run->cfg->tencent_endpoint);
    for (size_t i = 0; i < p.count; i++) {
        price_row row;
        if (price_row_set(&row, "tencent", p.items[i].instance->id, region, p.items[i].model, p.items[i].hourly,
                          currency, NULL, TENCENT_SOURCE) == 0)
            price_batch_add(out, &row);
    }
out:
    fetch_result_clear(&res);
    free(p.items);
    return rc;
}

static int tencent_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    char *body = request_body(run);
    int rc = 0;
    for (size_t k = 0; k < run->region_count && rc == 0; k++)
        if (strcmp(run->regions[k].provider, "tencent") == 0)
            rc = fetch_region(run, run->regions[k].id, body, out, err, err_len);
    free(body);
    return rc;
}

const provider_adapter provider_tencent = {"tencent", tencent_enabled, tencent_fetch};
