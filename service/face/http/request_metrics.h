/* The request counters of the HTTP machinery: request counts by route, method and status, a latency histogram by
 * route, requests in flight. Counters are atomics: any thread may record (the server's pool threads do); the
 * exposition of the rest of /metrics is face/metrics.h's. */
#ifndef GPUREC_REQUEST_METRICS_H
#define GPUREC_REQUEST_METRICS_H

#include <time.h>

#include "base/buf.h"

typedef struct metrics metrics;

/* Caller owns the result; free with metrics_free() (accepts NULL). */
metrics *metrics_new(void);
void metrics_free(metrics *m);

/* Both accept a NULL metrics. route must be a string that lives as long as the process (a route pattern). */
void metrics_request_started(metrics *m);
void metrics_request_finished(metrics *m, const char *route, const char *method, int status, long long duration_us);

/* When the counters started (the process's start). */
time_t metrics_started_at(const metrics *m);
/* Appends the counters' exposition text (format 0.0.4) to b. */
void metrics_render_requests(const metrics *m, bytebuf *b);

#endif
