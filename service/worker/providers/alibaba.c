/* Alibaba Cloud ECS prices (API version 2014-05-26), read with signed requests.
 *
 * On-demand: DescribePrice (https://www.alibabacloud.com/help/en/ecs/developer-reference/api-ecs-2014-05-26-
 * describeprice), one signed request per catalog instance type of alibaba and catalog region (ResourceType=instance,
 * PriceUnit=Hour, Period=1: the pay-as-you-go price per hour). The answer's PriceInfo.Price has the Currency (CNY for
 * a China-site account, USD for an international one: the row takes it as it comes) and DetailInfos.DetailInfo, one
 * entry per billed part; the row's price is the "instanceType" part's OriginalPrice (the list price, without the
 * system disk DescribePrice adds by default, and without the account's own discounts). A type the region does not
 * sell (an error code starting with "InvalidInstanceType") gives no row. A failed DescribePrice call fails the run.
 *
 * Spot: DescribeSpotPriceHistory (https://www.alibabacloud.com/help/en/ecs/developer-reference/api-
 * describespotpricehistory), for each type DescribePrice priced in a region (a type the region does not sell has no
 * preemptible instances there either). Per that page the request names RegionId, InstanceType and NetworkType (all
 * three required; "classic" or "vpc": here vpc), IoOptimized ("optimized" or "none"), OSType ("linux" or
 * "windows"), StartTime and EndTime (ISO 8601 UTC, yyyy-MM-ddTHH:mm:ssZ; StartTime at most 30 days before EndTime,
 * by default 3 hours before it; here the SPOT_WINDOW_S before the run) and Offset (the row the page starts at,
 * default 0). The answer has Currency (CNY on the China site, USD on the international one), NextOffset (the Offset
 * of the next page; the page does not say what the last one carries, so absent, null or 0 end the pages) and
 * SpotPrices.SpotPriceType[], the records of every zone: InstanceType, ZoneId, SpotPrice (the market price per
 * hour), OriginPrice (the pay-as-you-go price of the same configuration), Timestamp, NetworkType and IoOptimized.
 * At most SPOT_MAX_PAGES pages are followed. The price kept is, of each zone's latest record, the lowest: the
 * cheapest zone's price now (an older, lower record of a zone is history, not an offer). Its Timestamp is the row's
 * effective_at, and its currency the site's (the answer's Currency must agree with DescribePrice's). Records of the
 * classic network, not I/O optimized, of another instance type, dated after the run or without a positive SpotPrice
 * are skipped.
 *
 * Spot is a part of the run of its own (provider.h): a region whose spot calls fail (throttled past the attempts, a
 * changed format, too many pages) loses all its spot rows and is named as the failed part "spot <region>"; the
 * on-demand prices and the other regions' spot prices are applied, and the run is `partial`. A key pair or signature
 * refused on a spot call (InvalidAccessKeyId.*, SignatureDoesNotMatch) would be refused in every region alike: spot
 * stops there, and the part names the regions left without it.
 *
 * Requests are signed with ACS3-HMAC-SHA256 (worker/signing.h): the parameters in the query string, an empty body,
 * and the signed headers host, x-acs-action, x-acs-content-sha256, x-acs-date, x-acs-signature-nonce and
 * x-acs-version. Errors are HTTP 4xx/5xx with {Code, Message} (https://www.alibabacloud.com/help/en/ecs/developer-
 * reference/api-error-codes): Throttling* and ServiceUnavailable are retried (re-signed, a new nonce) with backoff,
 * anything else fails the call with its code. The AccessKey pair only ever goes into the Authorization header. */
#include "worker/providers/provider.h"

#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "worker/signing.h"

#define ALIBABA_SOURCE "alibaba:DescribePrice"
#define ALIBABA_SPOT_SOURCE "alibaba:DescribeSpotPriceHistory"
#define PRICE_ACTION "DescribePrice"
#define SPOT_ACTION "DescribeSpotPriceHistory"
#define ALIBABA_VERSION "2014-05-26"
#define MAX_ATTEMPTS 4
/* A day of a type's records in one region: hourly records (the page's example answer is dated by the hour) of each
 * zone, a few hundred rows; the example's NextOffset of 1000 suggests pages of that size. */
#define SPOT_WINDOW_S (24 * 3600)
#define SPOT_MAX_PAGES 10
#define SPOT_MAX_ZONES 32

/* How a signed call ended. */
#define CALL_OK 0
#define CALL_FAILED (-1)
#define CALL_ACCOUNT (-2) /* the key pair or the signature refused: every other call would be too */
#define CALL_NOT_SOLD 1   /* an InvalidInstanceType* code: the region does not sell the type */
#define CALL_RETRY 2      /* throttled or unavailable for now: signed again and retried */

static bool alibaba_enabled(const config *cfg, const char **why_not)
{
    if (cfg->alibaba_access_key_id[0] == '\0' || cfg->alibaba_access_key_secret[0] == '\0') {
        *why_not = "no GPUREC_ALIBABA_ACCESS_KEY_ID / GPUREC_ALIBABA_ACCESS_KEY_SECRET: the ECS API needs a signed "
                   "request";
        return false;
    }
    if (cfg->alibaba_endpoint[0] == '\0') {
        *why_not = "GPUREC_ALIBABA_ENDPOINT is empty";
        return false;
    }
    return true;
}

/* 32 hex digits, different for every request of the process (x-acs-signature-nonce must never repeat). */
static void make_nonce(char out[33])
{
    static _Atomic uint64_t counter;
    unsigned char bytes[16] = {0};
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (read(fd, bytes, sizeof bytes) != (ssize_t)sizeof bytes)
            memset(bytes, 0, sizeof bytes);
        close(fd);
    }
    uint64_t c = atomic_fetch_add(&counter, 1) + 1;
    uint64_t t = (uint64_t)util_monotonic_us();
    for (int i = 0; i < 8; i++) {
        bytes[i] ^= (unsigned char)(c >> (8 * i));
        bytes[8 + i] ^= (unsigned char)(t >> (8 * i));
    }
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) {
        out[2 * i] = hex[bytes[i] >> 4];
        out[2 * i + 1] = hex[bytes[i] & 15];
    }
    out[32] = '\0';
}

/* The canonical query string of one DescribePrice call (names already in order). -1 when it does not fit. */
static int price_query(const char *type, const char *region, char *buf, size_t buf_len)
{
    char t[128], r[96];
    if (signing_percent_encode(type, t, sizeof t) != 0 || signing_percent_encode(region, r, sizeof r) != 0)
        return -1;
    int n = snprintf(buf, buf_len, "InstanceType=%s&Period=1&PriceUnit=Hour&RegionId=%s&ResourceType=instance", t, r);
    return n < 0 || (size_t)n >= buf_len ? -1 : 0;
}

/* The canonical query string of one DescribeSpotPriceHistory page (names in order): VPC, I/O optimized, Linux, the
 * SPOT_WINDOW_S before now, from row offset. -1 when it does not fit. */
static int spot_query(const char *type, const char *region, time_t now, long offset, char *buf, size_t buf_len)
{
    char t[128], r[96], start[32], end[32], start_q[64], end_q[64];
    signing_iso8601(now - SPOT_WINDOW_S, start, sizeof start);
    signing_iso8601(now, end, sizeof end);
    if (signing_percent_encode(type, t, sizeof t) != 0 || signing_percent_encode(region, r, sizeof r) != 0 ||
        signing_percent_encode(start, start_q, sizeof start_q) != 0 ||
        signing_percent_encode(end, end_q, sizeof end_q) != 0)
        return -1;
    int n = snprintf(buf, buf_len,
                     "EndTime=%s&InstanceType=%s&IoOptimized=optimized&NetworkType=vpc&OSType=linux&Offset=%ld"
                     "&RegionId=%s&StartTime=%s",
                     end_q, t, offset, r, start_q);
    return n < 0 || (size_t)n >= buf_len ? -1 : 0;
}

static int send_signed(const provider_run *run, const char *action, const char *query, fetch_result *res, char *err,
                       size_t err_len)
{
    const config *cfg = run->cfg;
    char host[256], url[1024];
    if (provider_url_authority(cfg->alibaba_endpoint, host, sizeof host) != 0 ||
        provider_join_url(url, sizeof url, cfg->alibaba_endpoint, "/") != 0 ||
        strlen(url) + strlen(query) + 2 > sizeof url) {
        snprintf(err, err_len, "alibaba: GPUREC_ALIBABA_ENDPOINT is not a usable URL");
        return -1;
    }
    strcat(url, "?");
    strcat(url, query);
    char date[32], nonce[33], payload_hash[SHA256_HEX_LEN], signed_headers[160], auth[512];
    signing_iso8601(run->now ? run->now : time(NULL), date, sizeof date);
    make_nonce(nonce);
    signing_sha256_hex("", 0, payload_hash);
    signing_header sh[] = {{"host", host},
                           {"x-acs-action", action},
                           {"x-acs-content-sha256", payload_hash},
                           {"x-acs-date", date},
                           {"x-acs-signature-nonce", nonce},
                           {"x-acs-version", ALIBABA_VERSION}};
    char *canonical = signing_canonical_request("POST", "/", query, sh, sizeof sh / sizeof sh[0], false, payload_hash,
                                                signed_headers, sizeof signed_headers);
    int rc = canonical == NULL ? -1
                               : signing_acs3(cfg->alibaba_access_key_id, cfg->alibaba_access_key_secret, canonical,
                                              signed_headers, auth, sizeof auth);
    free(canonical);
    if (rc != 0) {
        snprintf(err, err_len, "alibaba: cannot sign the request (a key too long?)");
        return -1;
    }
    char h_auth[560], h_action[64], h_hash[96], h_date[64], h_nonce[64];
    snprintf(h_auth, sizeof h_auth, "Authorization: %s", auth);
    snprintf(h_action, sizeof h_action, "x-acs-action: %s", action);
    snprintf(h_hash, sizeof h_hash, "x-acs-content-sha256: %s", payload_hash);
    snprintf(h_date, sizeof h_date, "x-acs-date: %s", date);
    snprintf(h_nonce, sizeof h_nonce, "x-acs-signature-nonce: %s", nonce);
    const char *headers[] = {h_auth, h_action, h_hash, h_date, h_nonce, "x-acs-version: " ALIBABA_VERSION, NULL};
    fetch_request req = {"POST", headers, "", 0};
    rc = fetch_send(url, &req, &run->fetch, res, err, err_len);
    memset(h_auth, 0, sizeof h_auth);
    memset(auth, 0, sizeof auth);
    return rc == FETCH_OK ? 0 : -1;
}

/* What an answer is: CALL_OK for a JSON object that is no error document; else the error in err (after what) and
 * how to go on. */
static int classify(const provider_run *run, const json_t *doc, long status, const char *what, char *err,
                    size_t err_len)
{
    if (!json_is_object(doc)) {
        snprintf(err, err_len, "%s: HTTP %ld, not a JSON object (format changed?)", what, status);
        return CALL_FAILED;
    }
    const char *code = provider_json_string(doc, "Code");
    if (code == NULL && status >= 200 && status <= 299)
        return CALL_OK;
    const char *message = provider_json_string(doc, "Message");
    const config *cfg = run->cfg;
    if (message != NULL &&
        (strstr(message, cfg->alibaba_access_key_id) || strstr(message, cfg->alibaba_access_key_secret)))
        message = "(withheld: it quotes the credentials)";
    snprintf(err, err_len, "%s: HTTP %ld %s: %s", what, status, code ? code : "(no code)", message ? message : "");
    if (code == NULL)
        return CALL_FAILED;
    if (strncmp(code, "InvalidInstanceType", 19) == 0)
        return CALL_NOT_SOLD;
    if (strncmp(code, "Throttling", 10) == 0 || strcmp(code, "ServiceUnavailable") == 0)
        return CALL_RETRY;
    if (strncmp(code, "InvalidAccessKeyId", 18) == 0 || strcmp(code, "SignatureDoesNotMatch") == 0)
        return CALL_ACCOUNT;
    return CALL_FAILED;
}

/* Reads one answer that is no error document into ctx: CALL_OK, or CALL_FAILED with err when it is not in the
 * documented format. */
typedef int (*answer_reader)(const json_t *doc, void *ctx, char *err, size_t err_len);

/* One signed call of action, signed again (a new nonce) and retried with backoff while throttled, its answer given
 * to read. CALL_OK, CALL_NOT_SOLD (err cleared), or CALL_FAILED / CALL_ACCOUNT with err (after what). */
static int call(const provider_run *run, const char *action, const char *query, const char *what, answer_reader read,
                void *ctx, char *err, size_t err_len)
{
    int attempts = run->fetch.max_attempts > 0 ? run->fetch.max_attempts : MAX_ATTEMPTS;
    for (int attempt = 1;; attempt++) {
        fetch_result res;
        memset(&res, 0, sizeof res);
        json_t *doc = NULL;
        int rc = CALL_FAILED;
        if (send_signed(run, action, query, &res, err, err_len) == 0) {
            json_error_t jerr;
            doc = json_loadb(res.body, res.body_size, 0, &jerr);
            rc = classify(run, doc, res.status, what, err, err_len);
            if (rc == CALL_OK)
                rc = read(doc, ctx, err, err_len);
        }
        json_decref(doc);
        fetch_result_clear(&res);
        if (rc != CALL_RETRY) {
            if (rc == CALL_OK || rc == CALL_NOT_SOLD)
                err[0] = '\0';
            return rc;
        }
        if (attempt >= attempts) {
            size_t n = strlen(err);
            snprintf(err + n, err_len - n, " (after %d attempts)", attempt);
            return CALL_FAILED;
        }
        if (!fetch_backoff(&run->fetch, attempt, 0)) {
            snprintf(err, err_len, "%s: stopped", what);
            return CALL_FAILED;
        }
    }
}

/* --- on-demand: DescribePrice --- */

/* The instanceType part's list price and the currency: 0, or -1 when the answer lacks them. */
static int instance_price(const json_t *doc, double *hourly, const char **currency)
{
    const json_t *price = json_object_get(json_object_get(doc, "PriceInfo"), "Price");
    const json_t *details = json_object_get(json_object_get(price, "DetailInfos"), "DetailInfo");
    *currency = provider_json_string(price, "Currency");
    if (*currency == NULL || !json_is_array(details))
        return -1;
    size_t i;
    const json_t *d;
    json_array_foreach(details, i, d) {
        const char *resource = provider_json_string(d, "Resource");
        if (resource != NULL && strcmp(resource, "instanceType") == 0)
            return provider_json_number(json_object_get(d, "OriginalPrice"), hourly);
    }
    return -1;
}

typedef struct price_call {
    const char *type, *region, *what;
    price_batch *out;
} price_call;

static int read_price(const json_t *doc, void *ctx, char *err, size_t err_len)
{
    price_call *c = ctx;
    double hourly;
    const char *currency;
    if (instance_price(doc, &hourly, &currency) != 0) {
        snprintf(err, err_len, "%s: PriceInfo.Price lacks Currency or an instanceType DetailInfo with a numeric "
                               "OriginalPrice (format changed?)", c->what);
        return CALL_FAILED;
    }
    c->out->rows_seen++;
    price_row row;
    if (hourly > 0 && price_row_set(&row, "alibaba", c->type, c->region, PRICING_ON_DEMAND, hourly, currency, NULL,
                                    ALIBABA_SOURCE) == 0)
        price_batch_add(c->out, &row);
    return CALL_OK;
}

/* The on-demand price of type in region into out (none when the region does not sell it): 0, or -1 with err. */
static int fetch_one(const provider_run *run, const char *type, const char *region, price_batch *out, char *err,
                     size_t err_len)
{
    char query[512], what[256];
    snprintf(what, sizeof what, "alibaba: %s %s", region, type);
    if (price_query(type, region, query, sizeof query) != 0) {
        snprintf(err, err_len, "%s: names too long for a request", what);
        return -1;
    }
    price_call c = {type, region, what, out};
    int rc = call(run, PRICE_ACTION, query, what, read_price, &c, err, err_len);
    return rc == CALL_OK || rc == CALL_NOT_SOLD ? 0 : -1;
}

/* --- spot: DescribeSpotPriceHistory --- */

typedef struct spot_zone {
    char id[48];
    time_t at;    /* the zone's latest record so far */
    double price; /* its SpotPrice */
} spot_zone;

/* What the pages of one type's history in one region said so far. */
typedef struct spot_history {
    const char *type;
    time_t now;
    char currency[4];  /* the answers' Currency, "" while none said it */
    long next_offset;  /* the NextOffset of the page just read, 0 when it was the last */
    spot_zone zones[SPOT_MAX_ZONES];
    size_t zone_count;
    size_t seen, skipped;
} spot_history;

/* Folds one SpotPriceType record into h: 0, or -1 with err when it lacks what the format promises. */
static int read_spot_record(spot_history *h, const json_t *rec, size_t i, char *err, size_t err_len)
{
    const char *type = provider_json_string(rec, "InstanceType");
    const char *zone = provider_json_string(rec, "ZoneId");
    const char *stamp = provider_json_string(rec, "Timestamp");
    const char *network = provider_json_string(rec, "NetworkType");
    const char *io = provider_json_string(rec, "IoOptimized");
    double price = 0;
    time_t at = 0;
    h->seen++;
    if (zone == NULL || stamp == NULL || util_parse_time(stamp, &at) != 0 ||
        provider_json_number(json_object_get(rec, "SpotPrice"), &price) != 0) {
        snprintf(err, err_len, "SpotPriceType[%zu] lacks a ZoneId, a readable Timestamp or a numeric SpotPrice "
                               "(format changed?)", i);
        return -1;
    }
    if ((type != NULL && strcmp(type, h->type) != 0) || (network != NULL && strcmp(network, "vpc") != 0) ||
        (io != NULL && strcmp(io, "none") == 0) || at > h->now || !(price > 0)) {
        h->skipped++;
        return 0;
    }
    spot_zone *z = NULL;
    for (size_t k = 0; k < h->zone_count && z == NULL; k++)
        if (strcmp(h->zones[k].id, zone) == 0)
            z = &h->zones[k];
    if (z == NULL) {
        if (h->zone_count == SPOT_MAX_ZONES || strlen(zone) >= sizeof z->id) {
            snprintf(err, err_len, "SpotPriceType[%zu]: more than %d zones, or a ZoneId too long", i, SPOT_MAX_ZONES);
            return -1;
        }
        z = &h->zones[h->zone_count++];
        util_copy(z->id, sizeof z->id, zone);
        z->at = at;
        z->price = price;
        return 0;
    }
    if (at > z->at || (at == z->at && price < z->price)) { /* of two records at one time, the lower */
        z->at = at;
        z->price = price;
    }
    return 0;
}

static int read_spot(const json_t *doc, void *ctx, char *err, size_t err_len)
{
    spot_history *h = ctx;
    const json_t *records = json_object_get(json_object_get(doc, "SpotPrices"), "SpotPriceType");
    const json_t *currency = json_object_get(doc, "Currency"), *next = json_object_get(doc, "NextOffset");
    if (!json_is_array(records)) {
        snprintf(err, err_len, "%s: no SpotPrices.SpotPriceType array (format changed?)", h->type);
        return CALL_FAILED;
    }
    const char *code = json_is_string(currency) ? json_string_value(currency) : "";
    if ((currency != NULL && !json_is_null(currency) && !json_is_string(currency)) ||
        (code[0] != '\0' && h->currency[0] != '\0' && strcmp(code, h->currency) != 0) ||
        (code[0] != '\0' && util_copy(h->currency, sizeof h->currency, code) != 0)) {
        snprintf(err, err_len, "%s: Currency is not one 3-letter code (format changed?)", h->type);
        return CALL_FAILED;
    }
    double offset = 0;
    if (next != NULL && !json_is_null(next) &&
        (provider_json_number(next, &offset) != 0 || offset < 0 || offset > 1e9 || offset != (double)(long)offset)) {
        snprintf(err, err_len, "%s: NextOffset is not a row number (format changed?)", h->type);
        return CALL_FAILED;
    }
    h->next_offset = (long)offset;
    size_t i;
    const json_t *rec;
    char why[160];
    json_array_foreach(records, i, rec) {
        if (read_spot_record(h, rec, i, why, sizeof why) != 0) {
            snprintf(err, err_len, "%s: %s", h->type, why);
            return CALL_FAILED;
        }
    }
    return CALL_OK;
}

/* The spot price of type in region into out, in currency (the site's, from DescribePrice), none when the region has
 * no usable record of it: CALL_OK, or CALL_FAILED / CALL_ACCOUNT with err. */
static int spot_one(const provider_run *run, const char *type, const char *region, const char *currency,
                    price_batch *out, char *err, size_t err_len)
{
    spot_history h;
    memset(&h, 0, sizeof h);
    h.type = type;
    h.now = run->now ? run->now : time(NULL);
    int rc = CALL_OK;
    for (long offset = 0, page = 0;; page++) {
        char query[640];
        if (page == SPOT_MAX_PAGES) {
            snprintf(err, err_len, "%s: more than %d pages of spot history", type, SPOT_MAX_PAGES);
            rc = CALL_FAILED;
            goto out;
        }
        if (spot_query(type, region, h.now, offset, query, sizeof query) != 0) {
            snprintf(err, err_len, "%s: names too long for a request", type);
            rc = CALL_FAILED;
            goto out;
        }
        h.next_offset = 0;
        rc = call(run, SPOT_ACTION, query, type, read_spot, &h, err, err_len);
        if (rc == CALL_NOT_SOLD) /* no preemptible instances of it here */
            rc = CALL_OK;
        if (rc != CALL_OK || h.next_offset == 0)
            break;
        if (h.next_offset <= offset) {
            snprintf(err, err_len, "%s: NextOffset %ld does not advance past Offset %ld (format changed?)", type,
                     h.next_offset, offset);
            rc = CALL_FAILED;
            goto out;
        }
        offset = h.next_offset;
    }
    if (rc != CALL_OK)
        goto out;
    const spot_zone *best = NULL; /* the lowest of the zones' latest prices */
    for (size_t k = 0; k < h.zone_count; k++)
        if (best == NULL || h.zones[k].price < best->price)
            best = &h.zones[k];
    if (best == NULL)
        goto out;
    if (h.currency[0] != '\0' && strcmp(h.currency, currency) != 0) {
        snprintf(err, err_len, "%s: Currency %s, where DescribePrice answered %s", type, h.currency, currency);
        rc = CALL_FAILED;
        goto out;
    }
    char at[32];
    util_format_time(best->at, at, sizeof at);
    price_row row;
    if (price_row_set(&row, "alibaba", type, region, PRICING_SPOT, best->price, currency, at, ALIBABA_SPOT_SOURCE) ==
        0)
        price_batch_add(out, &row);
out:
    out->rows_seen += h.seen;
    out->skipped += h.skipped;
    return rc;
}

/* The spot prices in region of the types out->rows[first, end) priced on demand there. A region that fails loses
 * all its spot rows and is named as a failed part. Returns CALL_ACCOUNT when the key pair or the signature was
 * refused (the part then names the regions_after left without spot too: the caller stops), else CALL_OK. */
static int spot_region(const provider_run *run, const char *region, size_t first, size_t end, size_t regions_after,
                       price_batch *out)
{
    size_t spot_first = out->count;
    char why[512], part[96];
    for (size_t i = first; i < end; i++) {
        char type[sizeof out->rows[i].instance_type], currency[sizeof out->rows[i].currency];
        /* copies: the rows move when spot rows are added */
        util_copy(type, sizeof type, out->rows[i].instance_type);
        util_copy(currency, sizeof currency, out->rows[i].currency);
        int rc = spot_one(run, type, region, currency, out, why, sizeof why);
        if (rc == CALL_OK)
            continue;
        out->count = spot_first; /* never half a region */
        if (rc == CALL_ACCOUNT && regions_after > 0)
            snprintf(part, sizeof part, "spot %s and the %zu region%s after it", region, regions_after,
                     regions_after == 1 ? "" : "s");
        else
            snprintf(part, sizeof part, "spot %s", region);
        price_batch_fail_part(out, part, why);
        return rc == CALL_ACCOUNT ? CALL_ACCOUNT : CALL_OK;
    }
    return CALL_OK;
}

static int alibaba_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    size_t regions = 0, done = 0;
    for (size_t k = 0; k < run->region_count; k++)
        regions += strcmp(run->regions[k].provider, "alibaba") == 0;
    bool spot = true;
    for (size_t k = 0; k < run->region_count; k++) {
        const char *region = run->regions[k].id;
        if (strcmp(run->regions[k].provider, "alibaba") != 0)
            continue;
        done++;
        size_t first = out->count;
        for (size_t i = 0; i < run->instance_count; i++) {
            const provider_instance *in = &run->instances[i];
            if (strcmp(in->provider, "alibaba") == 0 && fetch_one(run, in->id, region, out, err, err_len) != 0)
                return -1;
        }
        if (spot && spot_region(run, region, first, out->count, regions - done, out) == CALL_ACCOUNT)
            spot = false;
    }
    return 0;
}

const provider_adapter provider_alibaba = {"alibaba", alibaba_enabled, alibaba_fetch};
