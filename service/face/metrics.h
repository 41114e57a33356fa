/* Prometheus metrics: request counts by route, method and status, a latency histogram by route, requests in flight;
 * rendered with catalog, refresh and process figures. Counters are atomics: any thread may record. */
#ifndef GPUREC_METRICS_H
#define GPUREC_METRICS_H

#include <stddef.h>

#include "snapshot/catalog.h"

typedef struct metrics metrics;
struct worker;

/* Caller owns the result; free with metrics_free() (accepts NULL). */
metrics *metrics_new(void);
void metrics_free(metrics *m);

/* Both accept a NULL metrics. route must be a string that lives as long as the process (a route pattern). */
void metrics_request_started(metrics *m);
void metrics_request_finished(metrics *m, const char *route, const char *method, int status, long long duration_us);

/* The exposition text (format 0.0.4). snap and w may be NULL. Caller frees the result with free(). */
char *metrics_render(const metrics *m, const catalog *snap, const struct worker *w, size_t *len);

#endif
