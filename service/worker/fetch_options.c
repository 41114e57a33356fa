/* The parts of fetch.h that transfer nothing: option defaults, URL redaction, the redirect rules (libcurl's URL
 * parser only) and result cleanup. Kept apart so the fuzz targets, which stand in for the transfers themselves, link
 * the real ones. */
#include "worker/fetch.h"

#include <ctype.h>
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

/* The parts of a URL that make its origin, the port made explicit (80, 443) and the scheme and host in lower case. */
typedef struct origin {
    char scheme[16];
    char host[256];
    char port[8];
} origin;

static bool part_of(CURLU *u, CURLUPart what, unsigned flags, char *buf, size_t buf_len)
{
    char *part = NULL;
    bool ok = curl_url_get(u, what, &part, flags) == CURLUE_OK && util_copy(buf, buf_len, part) == 0;
    curl_free(part);
    return ok;
}

/* Any scheme is parsed (so that ftp:// can be named as refused rather than as unreadable). */
static bool origin_of(const char *url, origin *o)
{
    CURLU *u = curl_url();
    bool ok = u != NULL && curl_url_set(u, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME) == CURLUE_OK &&
              part_of(u, CURLUPART_SCHEME, 0, o->scheme, sizeof o->scheme) &&
              part_of(u, CURLUPART_HOST, 0, o->host, sizeof o->host);
    if (ok && !part_of(u, CURLUPART_PORT, CURLU_DEFAULT_PORT, o->port, sizeof o->port))
        o->port[0] = '\0'; /* a scheme libcurl has no default port for: refused below anyway */
    curl_url_cleanup(u);
    for (char *c = o->scheme; ok && *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return ok;
}

static bool refuse(char *why, size_t why_len, const char *reason)
{
    if (why != NULL && why_len > 0)
        util_copy(why, why_len, reason);
    return false;
}

/* A price source must not send the service to fetch from somewhere else, reveal its credential to another origin,
 * or lose TLS on the way: see fetch.h. */
bool fetch_may_follow(const char *from, const char *to, bool credentialed, char *why, size_t why_len)
{
    origin a, b;
    if (!origin_of(from, &a) || !origin_of(to, &b))
        return refuse(why, why_len, "an address that cannot be read");
    if (strcmp(b.scheme, "http") != 0 && strcmp(b.scheme, "https") != 0)
        return refuse(why, why_len, "a scheme other than http and https");
    if (strcmp(a.scheme, "https") == 0 && strcmp(b.scheme, "http") == 0)
        return refuse(why, why_len, "from https to http");
    if (strcasecmp(a.host, b.host) != 0)
        return refuse(why, why_len, "another host");
    if (credentialed && (strcmp(a.scheme, b.scheme) != 0 || strcmp(a.port, b.port) != 0))
        return refuse(why, why_len, "another scheme or port while carrying a credential");
    return true;
}
