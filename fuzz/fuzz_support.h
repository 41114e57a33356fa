/* Shared parts of the libFuzzer targets: the seed catalog, loaded once from a temporary database that every migration
 * has been applied to; a provider run over it for the price adapters; and stand-ins for the two modules a target
 * replaces so it can reach its parser without a network or a socket:
 *  - server.c's request accessors (http_query, http_header, http_query_each), answered from a query string the
 *    target sets, so the real handlers (and the real reply helpers of reply.c) run on fuzzed parameters;
 *  - fetch.c (fetch_get, fetch_stream, ...), answered from documents the target registers per URL, so each adapter's
 *    real fetch-and-parse code runs on fuzzed bodies.
 * The targets run from the repository root (migrations/ and tests/data/providers/ are read from there). */
#ifndef GPUREC_FUZZ_SUPPORT_H
#define GPUREC_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "snapshot/catalog.h"
#include "base/config.h"
#include "face/http.h"
#include "worker/providers/provider.h"

/* The seed catalog (built on first use, kept for the process). Aborts when it cannot be built. */
const catalog *fuzz_catalog(void);

/* Declares the libFuzzer entry points (for -Wmissing-prototypes) and defines LLVMFuzzerInitialize for a target that
 * reads the seed catalog: jansson's hash seed fixed, so runs repeat, and the catalog built before the first input. */
#define FUZZ_CATALOG_INIT                                                                                              \
    int LLVMFuzzerInitialize(int *argc, char ***argv);                                                                 \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);                                                      \
    int LLVMFuzzerInitialize(int *argc, char ***argv)                                                                  \
    {                                                                                                                  \
        (void)argc;                                                                                                    \
        (void)argv;                                                                                                    \
        json_object_seed(1);                                                                                           \
        fuzz_catalog();                                                                                                \
        return 0;                                                                                                      \
    }
/* A configuration with defaults, every URL on an unroutable host (nothing is fetched for real). */
const config *fuzz_config(void);

/* ---- http stand-in ---- */
/* Parses query (not NUL-terminated, len bytes) as name=value pairs split on '&', %-decoded like libmicrohttpd does,
 * and makes them what http_query() and http_query_each() answer for req, which fuzz_request_init() fills. */
void fuzz_request_init(http_request *req, const char *query, size_t len);
void fuzz_request_clear(http_request *req);
/* Aborts unless reply is a 2xx with a JSON body or a 4xx problem: a client's input must never cause a 5xx. Serializes
 * the body as the HTTP layer would, then frees the reply. */
void fuzz_check_reply(http_reply *reply);
/* Checks what a body handler (api_estimate_run, recommend_run) gave back: rc 0 with an object result and no problem,
 * or a failure with a problem and no result (anything else aborts); then sends it through fuzz_check_reply(). Takes
 * ownership of result and error. */
void fuzz_check_handler_result(int rc, json_t *result, problem *error);

/* ---- fetch stand-in ---- */
/* Answers a GET of any URL containing url_part with the bytes given (borrowed until fuzz_fetch_reset), at most
 * max_times (then the fallback body of the same rule). The first matching rule wins. */
void fuzz_fetch_serve(const char *url_part, const char *body, size_t len, unsigned max_times, const char *fallback);
/* Forgets every rule and count. */
void fuzz_fetch_reset(void);
/* The bytes of a file under tests/data/providers/, read once and kept; aborts when missing. */
const char *fuzz_fixture(const char *relpath, size_t *len);

/* A run over the seed catalog's instance types and regions for adapter (borrowed pointers, valid for the process). */
void fuzz_provider_run(provider_run *run, const char *adapter);

#endif
