#include "worker/providers/provider.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "base/util.h"

/* The code of each row of vocab_adapters (base/vocab.h). */
static const provider_adapter *const adapters[] = {&provider_aws,     &provider_azure,   &provider_gcp,
                                                   &provider_oci,     &provider_lambda,  &provider_alibaba,
                                                   &provider_tencent, &provider_feed,    &provider_fx};

const provider_adapter *const *provider_adapter_all(size_t *count)
{
    *count = sizeof adapters / sizeof adapters[0];
    return adapters;
}

const provider_adapter *provider_adapter_find(const char *id)
{
    if (id == NULL)
        return NULL;
    for (size_t i = 0; i < sizeof adapters / sizeof adapters[0]; i++)
        if (strcmp(adapters[i]->id, id) == 0)
            return adapters[i];
    return NULL;
}

static void instance_pair(const void *items, size_t i, const char **provider, const char **id)
{
    const provider_instance *in = (const provider_instance *)items + i;
    *provider = in->provider;
    *id = in->id;
}

static void region_pair(const void *items, size_t i, const char **provider, const char **id)
{
    const provider_region *r = (const provider_region *)items + i;
    *provider = r->provider;
    *id = r->id;
}

const provider_instance *provider_find_instance(const provider_run *run, const char *provider, const char *id)
{
    long i = catalog_search_pair(run->instances, run->instance_count, instance_pair, provider, id);
    return i < 0 ? NULL : &run->instances[i];
}

bool provider_has_region(const provider_run *run, const char *provider, const char *region)
{
    return catalog_search_pair(run->regions, run->region_count, region_pair, provider, region) >= 0;
}

const provider_state *provider_find_state(const provider_run *run, const char *url)
{
    for (size_t i = 0; i < run->state_count; i++)
        if (strcmp(run->states[i].url, url) == 0)
            return &run->states[i];
    return NULL;
}

void price_batch_init(price_batch *b)
{
    memset(b, 0, sizeof *b);
}

void price_batch_free(price_batch *b)
{
    if (b == NULL)
        return;
    free(b->rows);
    for (size_t i = 0; i < b->state_count; i++) {
        free(b->states[i].url);
        free(b->states[i].etag);
        free(b->states[i].version);
    }
    free(b->states);
    free(b->fx);
    memset(b, 0, sizeof *b);
}

void price_batch_add(price_batch *b, const price_row *row)
{
    if (b->count == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 256;
        b->rows = xrealloc(b->rows, b->cap * sizeof *b->rows);
    }
    b->rows[b->count++] = *row;
}

void price_batch_set_state(price_batch *b, const char *url, const char *etag, const char *version)
{
    provider_state *s = NULL;
    for (size_t i = 0; i < b->state_count; i++)
        if (strcmp(b->states[i].url, url) == 0)
            s = &b->states[i];
    if (s == NULL) {
        if (b->state_count == b->state_cap) {
            b->state_cap = b->state_cap ? b->state_cap * 2 : 8;
            b->states = xrealloc(b->states, b->state_cap * sizeof *b->states);
        }
        s = &b->states[b->state_count++];
        s->url = xstrdup(url);
    } else {
        free(s->etag);
        free(s->version);
    }
    s->etag = etag != NULL && etag[0] != '\0' ? xstrdup(etag) : NULL;
    s->version = version != NULL && version[0] != '\0' ? xstrdup(version) : NULL;
}

void price_batch_fail_part(price_batch *b, const char *name, const char *why)
{
    size_t at = b->failed_count < PRICE_BATCH_PARTS ? b->failed_count : PRICE_BATCH_PARTS - 1;
    if (b->failed_count >= PRICE_BATCH_PARTS)
        snprintf(b->failed_parts[at], sizeof b->failed_parts[at], "%zu more parts", b->failed_count - at + 1);
    else
        snprintf(b->failed_parts[at], sizeof b->failed_parts[at], "%s: %s", name, why);
    b->failed_count++;
}

void price_batch_add_fx(price_batch *b, const fx_row *row)
{
    if (b->fx_count == b->fx_cap) {
        b->fx_cap = b->fx_cap ? b->fx_cap * 2 : 8;
        b->fx = xrealloc(b->fx, b->fx_cap * sizeof *b->fx);
    }
    b->fx[b->fx_count++] = *row;
}

int price_row_set(price_row *row, const char *provider, const char *instance_type, const char *region,
                  pricing_model model, double hourly, const char *currency, const char *effective_at,
                  const char *source)
{
    memset(row, 0, sizeof *row);
    if (util_copy(row->provider, sizeof row->provider, provider) != 0 ||
        util_copy(row->instance_type, sizeof row->instance_type, instance_type) != 0 ||
        util_copy(row->region, sizeof row->region, region) != 0 ||
        util_copy(row->currency, sizeof row->currency, currency) != 0 ||
        util_copy(row->effective_at, sizeof row->effective_at, effective_at ? effective_at : "") != 0 ||
        util_copy(row->source, sizeof row->source, source) != 0)
        return -1;
    row->model = model;
    row->hourly = hourly;
    row->item = -1;
    return 0;
}

/* Whether text is a number in decimal notation: an optional sign, digits with an optional fraction, and an optional
 * decimal exponent ("12", "0.41", "-3.5", "1.2E-5"). strtod alone also takes hexadecimal ("0x1.8p0"), "inf", "nan"
 * and leading blanks. */
static bool decimal_notation(const char *p)
{
    if (*p == '+' || *p == '-')
        p++;
    size_t digits = 0;
    for (; isdigit((unsigned char)*p); p++)
        digits++;
    if (*p == '.')
        for (p++; isdigit((unsigned char)*p); p++)
            digits++;
    if (digits == 0)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char)*p))
            return false;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return *p == '\0';
}

int provider_parse_decimal(const char *text, double *out)
{
    if (text == NULL || !decimal_notation(text))
        return -1;
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int provider_json_number(const json_t *value, double *out)
{
    if (json_is_number(value)) {
        double v = json_number_value(value);
        if (!isfinite(v))
            return -1;
        *out = v;
        return 0;
    }
    if (json_is_string(value))
        return provider_parse_decimal(json_string_value(value), out);
    return -1;
}

const char *provider_json_string(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

int provider_join_url(char *buf, size_t buf_len, const char *base, const char *path)
{
    size_t base_len = strlen(base);
    while (base_len > 0 && base[base_len - 1] == '/')
        base_len--;
    while (*path == '/')
        path++;
    int n = snprintf(buf, buf_len, "%.*s/%s", (int)base_len, base, path);
    return n < 0 || (size_t)n >= buf_len ? -1 : 0;
}

int provider_url_authority(const char *url, char *buf, size_t buf_len)
{
    CURLU *u = curl_url();
    char *host = NULL, *port = NULL;
    int rc = -1;
    if (u != NULL && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK && host[0] != '\0') {
        curl_url_get(u, CURLUPART_PORT, &port, 0); /* only when the URL names one */
        int n = snprintf(buf, buf_len, "%s%s%s", host, port ? ":" : "", port ? port : "");
        if (n >= 0 && (size_t)n < buf_len) {
            for (char *p = buf; *p; p++)
                *p = (char)tolower((unsigned char)*p);
            rc = 0;
        }
    }
    curl_free(host);
    curl_free(port);
    curl_url_cleanup(u);
    return rc;
}
