/* The parts of fetch.h that need no libcurl: option defaults, URL redaction and result cleanup. Kept apart so the
 * fuzz targets, which stand in for the transfers themselves, link the real ones. */
#include "worker/fetch.h"

#include <stdlib.h>
#include <string.h>

#include "base/config.h"

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
