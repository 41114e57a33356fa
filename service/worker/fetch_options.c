/* The parts of fetch.h that transfer nothing: option defaults, URL redaction, the same-host check (libcurl's URL
 * parser only) and result cleanup. Kept apart so the fuzz targets, which stand in for the transfers themselves, link
 * the real ones. */
#include "worker/fetch.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "base/config.h"
#include "base/util.h"

void fetch_options_init(fetch_options *opt, long timeout_s, size_t max_bytes, const atomic_bool *stop)
{
    memset(opt, 0, sizeof *opt);
    opt->timeout_s = timeout_s;
    opt->connect_timeout_s = 10;
    opt->stall_timeout_s = 0;
    opt->max_bytes = max_bytes;
    opt->max_expansion = CONFIG_DEFAULT_FETCH_MAX_EXPANSION;
    opt->max_attempts = 4;
    opt->backoff_ms = 500;
    opt->max_retry_after_s = 30;
    opt->stop = stop;
}

void fetch_redact_url(const char *url, char *buf, size_t buf_len)
{
    size_t keep = strcspn(url, "?#");
    if (keep >= buf_len)
        keep = buf_len - 1;
    memcpy(buf, url, keep);
    buf[keep] = '\0';
}

void fetch_result_clear(fetch_result *res)
{
    if (res == NULL)
        return;
    free(res->body);
    res->body = NULL;
    res->body_size = 0;
}

static bool host_of(const char *url, char *buf, size_t buf_len)
{
    CURLU *u = curl_url();
    char *host = NULL;
    bool ok = false;
    if (u != NULL && curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
        curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK)
        ok = util_copy(buf, buf_len, host) == 0;
    curl_free(host);
    curl_url_cleanup(u);
    return ok;
}

/* A redirect's target must be on the host the source was configured with: a price source must not send the service
 * to fetch from, or reveal a query's key to, somewhere else. */
bool fetch_same_host(const char *a, const char *b)
{
    char ha[256], hb[256];
    return host_of(a, ha, sizeof ha) && host_of(b, hb, sizeof hb) && strcasecmp(ha, hb) == 0;
}
