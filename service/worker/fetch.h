/* HTTP GET for the price adapters (libcurl): time limits, a body size limit, gzip, ETag / If-None-Match, bounded
 * retries with backoff on 429 and 5xx (honouring Retry-After up to a cap), a streaming mode that hands the body to a
 * callback as it arrives (for files too large to hold), and a stop flag that aborts a transfer in progress.
 *
 * Functions here are safe from any thread; each call uses its own curl handle. fetch_global_init() must have run
 * once before threads start (worker_start and the one-shot refresh call it). */
#ifndef GPUREC_FETCH_H
#define GPUREC_FETCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct fetch_options {
    long timeout_s;          /* whole transfer, including retries' own transfers (0 = none: use stall_timeout_s) */
    long connect_timeout_s;  /* 0 = 10 s */
    long stall_timeout_s;    /* abort when under 1 KiB/s for this long (0 = off) */
    size_t max_bytes;        /* decoded body bytes (after gzip etc.); more is an error (0 = unlimited) */
    unsigned max_expansion;  /* decoded / received body bytes, checked once past FETCH_EXPANSION_FLOOR (0 = off) */
    int max_attempts;        /* tries in all, at least 1 (0 = 4) */
    long backoff_ms;         /* first backoff, doubled per retry, jittered (0 = 500 ms) */
    long max_retry_after_s;  /* a server's Retry-After is honoured up to this (0 = 30 s) */
    const char *etag;        /* sent as If-None-Match when not NULL; borrowed */
    const char *bearer;      /* sent as "Authorization: Bearer <bearer>" when not NULL (borrowed): only to the URL's
                              * own origin (a redirect to another scheme, host or port is refused), never in a
                              * message */
    bool credential_in_url;  /* the URL's query holds a key (GCP's): redirects keep to its origin, as for a bearer */
    const atomic_bool *stop; /* when set to true, the transfer and any backoff end at once; may be NULL */
} fetch_options;

/* Below this many decoded bytes the expansion ratio is not checked (a small body may compress very well). */
#define FETCH_EXPANSION_FLOOR ((size_t)1 << 20)

/* Fills opt with the defaults above (timeouts from the caller; max_expansion CONFIG_DEFAULT_FETCH_MAX_EXPANSION). */
void fetch_options_init(fetch_options *opt, long timeout_s, size_t max_bytes, const atomic_bool *stop);

typedef struct fetch_result {
    long status;         /* the last HTTP status (0 when no response) */
    bool not_modified;   /* 304 to an If-None-Match: body is empty */
    char *body;          /* buffered mode: the decoded body, NUL-terminated; caller frees with fetch_result_clear() */
    size_t body_size;    /* decoded bytes of body, or bytes handed to the sink in streaming mode */
    size_t wire_size;    /* body bytes as received, before any Content-Encoding was decoded */
    char etag[256];      /* the response's ETag, "" when none */
    int attempts;        /* tries made */
} fetch_result;

/* Error codes; err always carries a message naming the URL (without its query string, which may hold a key). */
enum {
    FETCH_OK = 0,
    FETCH_ERR_HTTP = -1,      /* a status other than 2xx/304 after all retries */
    FETCH_ERR_NETWORK = -2,   /* connection, TLS, truncated body */
    FETCH_ERR_TIMEOUT = -3,
    FETCH_ERR_TOO_LARGE = -4,
    FETCH_ERR_STOPPED = -5,   /* the stop flag was set */
    FETCH_ERR_SINK = -6,      /* the streaming callback refused the data */
    FETCH_ERR_EXPANSION = -7  /* the body decoded to more than max_expansion times the bytes received */
};

/* Once per process, before threads. Safe to call more than once. */
void fetch_global_init(void);

/* GET url into res->body. Returns FETCH_OK (2xx or 304) or a FETCH_ERR_* with a message in err. On error res may
 * still say the status; res->body is NULL then. */
int fetch_get(const char *url, const fetch_options *opt, fetch_result *res, char *err, size_t err_len);

/* Receives the body of a 2xx response as it arrives. Return 0 to continue, non-zero to abort the transfer
 * (fetch_stream then fails with FETCH_ERR_SINK; the caller keeps the sink's own reason in ctx). */
typedef int (*fetch_sink)(void *ctx, const char *data, size_t len);

/* GET url handing the body to sink piece by piece; nothing is buffered beyond libcurl's own buffer. A retry happens
 * only before any byte reached the sink (a 429/5xx answer's body is never given to it). res->body stays NULL. */
int fetch_stream(const char *url, const fetch_options *opt, fetch_sink sink, void *ctx, fetch_result *res, char *err,
                 size_t err_len);

/* A request other than a plain GET, for the APIs that sign each request. */
typedef struct fetch_request {
    const char *method;          /* "GET" or "POST" */
    const char *const *headers;  /* "Name: value" lines, NULL-terminated; may be NULL. May hold secrets: never logged */
    const char *body;            /* POST body (may be NULL) */
    size_t body_len;
} fetch_request;

/* Sends req to url ONCE (a signature is made for one attempt, so the caller re-signs and retries itself) and keeps
 * the body of any HTTP answer, 2xx or not (up to opt->max_bytes), so the caller can read a provider's error document.
 * FETCH_OK whenever an answer arrived, whatever its status (res->status says it); FETCH_ERR_* otherwise. */
int fetch_send(const char *url, const fetch_request *req, const fetch_options *opt, fetch_result *res, char *err,
               size_t err_len);

/* Waits before retry number attempt (1 = the first retry): opt's backoff doubled per retry, jittered, capped; or
 * retry_after_s when > 0. false when the stop flag ended the wait. */
bool fetch_backoff(const fetch_options *opt, int attempt, long retry_after_s);

/* Frees the body; accepts a zeroed or already cleared result. */
void fetch_result_clear(fetch_result *res);

/* Whether a fetch of `from` may go on to `to` (a redirect's Location, or a next-page link a server gave): `to` is
 * http or https; https never goes on to http; the host is from's own (case-insensitively); and when the request
 * carries a credential (a bearer token, a signature, a key in the URL) the scheme and port are from's own too, so a
 * credential never leaves its origin. When not, why (may be NULL) says which rule refused it, without quoting `to`. */
bool fetch_may_follow(const char *from, const char *to, bool credentialed, char *why, size_t why_len);

/* url without its query string into buf (for messages and logs). */
void fetch_redact_url(const char *url, char *buf, size_t buf_len);

#endif
