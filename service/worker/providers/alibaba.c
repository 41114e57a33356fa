/* Alibaba Cloud ECS prices from DescribePrice (version 2014-05-26, https://www.alibabacloud.com/help/en/ecs/developer-
 * reference/api-ecs-2014-05-26-describeprice), one signed request per catalog instance type of alibaba and catalog
 * region (ResourceType=instance, PriceUnit=Hour, Period=1: the pay-as-you-go price per hour). The answer's
 * PriceInfo.Price has the Currency (CNY for a China-site account, USD for an international one: the row takes it as
 * it comes) and DetailInfos.DetailInfo, one entry per billed part; the row's price is the "instanceType" part's
 * OriginalPrice (the list price, without the system disk DescribePrice adds by default, and without the account's
 * own discounts). A type the region does not sell (an error code starting with "InvalidInstanceType") gives no row.
 * Spot prices (DescribeSpotPriceHistory) are not fetched yet.
 *
 * Requests are signed with ACS3-HMAC-SHA256 (worker/signing.h): the parameters in the query string, an empty body,
 * and the signed headers host, x-acs-action, x-acs-content-sha256, x-acs-date, x-acs-signature-nonce and
 * x-acs-version. Errors are HTTP 4xx/5xx with {Code, Message} (https://www.alibabacloud.com/help/en/ecs/developer-
 * reference/api-error-codes): Throttling* and ServiceUnavailable are retried (re-signed, a new nonce) with backoff,
 * anything else fails the run with its code. The AccessKey pair only ever goes into the Authorization header. */
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
#define ALIBABA_ACTION "DescribePrice"
#define ALIBABA_VERSION "2014-05-26"
#define MAX_ATTEMPTS 4

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

static int send_signed(const provider_run *run, const char *query, fetch_result *res, char *err, size_t err_len)
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
                           {"x-acs-action", ALIBABA_ACTION},
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
    char h_auth[560], h_hash[96], h_date[64], h_nonce[64];
    snprintf(h_auth, sizeof h_auth, "Authorization: %s", auth);
    snprintf(h_hash, sizeof h_hash, "x-acs-content-sha256: %s", payload_hash);
    snprintf(h_date, sizeof h_date, "x-acs-date: %s", date);
    snprintf(h_nonce, sizeof h_nonce, "x-acs-signature-nonce: %s", nonce);
    const char *headers[] = {h_auth, "x-acs-action: " ALIBABA_ACTION, h_hash, h_date, h_nonce,
                             "x-acs-version: " ALIBABA_VERSION, NULL};
    fetch_request req = {"POST", headers, "", 0};
    rc = fetch_send(url, &req, &run->fetch, res, err, err_len);
    memset(h_auth, 0, sizeof h_auth);
    memset(auth, 0, sizeof auth);
    return rc == FETCH_OK ? 0 : -1;
}

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

/* One answer: 0 with a row added or not, 1 = throttled (retry), -1 = failed. */
static int parse_answer(const provider_run *run, const char *type, const char *region, const fetch_result *res,
                        price_batch *out, char *err, size_t err_len)
{
    json_error_t jerr;
    json_t *doc = json_loadb(res->body, res->body_size, 0, &jerr);
    int rc = -1;
    const char *code = provider_json_string(doc, "Code");
    if (doc == NULL || !json_is_object(doc)) {
        snprintf(err, err_len, "alibaba: %s %s: HTTP %ld, not a JSON object (format changed?)", region, type,
                 res->status);
        goto out;
    }
    if (code != NULL || res->status < 200 || res->status > 299) {
        const char *message = provider_json_string(doc, "Message");
        const config *cfg = run->cfg;
        if (message != NULL &&
            (strstr(message, cfg->alibaba_access_key_id) || strstr(message, cfg->alibaba_access_key_secret)))
            message = "(withheld: it quotes the credentials)";
        snprintf(err, err_len, "alibaba: %s %s: HTTP %ld %s: %s", region, type, res->status,
                 code ? code : "(no code)", message ? message : "");
        if (code != NULL && strncmp(code, "InvalidInstanceType", 19) == 0)
            rc = 0; /* not sold in this region */
        else if (code != NULL && (strncmp(code, "Throttling", 10) == 0 || strcmp(code, "ServiceUnavailable") == 0))
            rc = 1;
        goto out;
    }
    double hourly;
    const char *currency;
    if (instance_price(doc, &hourly, &currency) != 0) {
        snprintf(err, err_len, "alibaba: %s %s: PriceInfo.Price lacks Currency or an instanceType DetailInfo with "
                               "a numeric OriginalPrice (format changed?)", region, type);
        goto out;
    }
    out->rows_seen++;
    price_row row;
    if (hourly > 0 && price_row_set(&row, "alibaba", type, region, PRICING_ON_DEMAND, hourly, currency, NULL,
                                    ALIBABA_SOURCE) == 0)
        price_batch_add(out, &row);
    rc = 0;
out:
    json_decref(doc);
    return rc;
}

static int fetch_one(const provider_run *run, const char *type, const char *region, price_batch *out, char *err,
                     size_t err_len)
{
    char query[512];
    if (price_query(type, region, query, sizeof query) != 0) {
        snprintf(err, err_len, "alibaba: %s %s: names too long for a request", region, type);
        return -1;
    }
    int attempts = run->fetch.max_attempts > 0 ? run->fetch.max_attempts : MAX_ATTEMPTS;
    for (int attempt = 1;; attempt++) {
        fetch_result res;
        memset(&res, 0, sizeof res);
        if (send_signed(run, query, &res, err, err_len) != 0) {
            fetch_result_clear(&res);
            return -1;
        }
        int rc = parse_answer(run, type, region, &res, out, err, err_len);
        fetch_result_clear(&res);
        if (rc <= 0) {
            if (rc == 0)
                err[0] = '\0';
            return rc;
        }
        if (attempt >= attempts) {
            size_t n = strlen(err);
            snprintf(err + n, err_len - n, " (after %d attempts)", attempt);
            return -1;
        }
        if (!fetch_backoff(&run->fetch, attempt, 0)) {
            snprintf(err, err_len, "alibaba: %s %s: stopped", region, type);
            return -1;
        }
    }
}

static int alibaba_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    for (size_t k = 0; k < run->region_count; k++) {
        if (strcmp(run->regions[k].provider, "alibaba") != 0)
            continue;
        for (size_t i = 0; i < run->instance_count; i++) {
            const provider_instance *in = &run->instances[i];
            if (strcmp(in->provider, "alibaba") == 0 && fetch_one(run, in->id, run->regions[k].id, out, err, err_len))
                return -1;
        }
    }
    return 0;
}

const provider_adapter provider_alibaba = {"alibaba", alibaba_enabled, alibaba_fetch};
