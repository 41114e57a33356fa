#include "face/http/request_metrics.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define METRICS_MAX_ROUTES 32
#define METHOD_COUNT 5
static const char *const method_names[METHOD_COUNT] = {"GET", "HEAD", "POST", "OPTIONS", "other"};
static const int tracked_statuses[] = {200, 202, 204, 304, 400, 401, 403, 404, 405, 409,
                                       413, 414, 415, 422, 429, 431, 499, 500, 503};
#define STATUS_COUNT (sizeof tracked_statuses / sizeof tracked_statuses[0] + 1) /* last slot: any other */
/* Latency buckets in seconds: fine below 10 ms, where the service is expected to answer. */
static const double bucket_bounds[] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                       0.25, 0.5, 1, 2.5};
#define BUCKET_COUNT (sizeof bucket_bounds / sizeof bucket_bounds[0])

typedef struct route_metrics {
    atomic_ullong requests[METHOD_COUNT][STATUS_COUNT];
    atomic_ullong buckets[BUCKET_COUNT]; /* non-cumulative here; summed when rendered */
    atomic_ullong count;
    atomic_ullong sum_us;
} route_metrics;

struct metrics {
    _Atomic(const char *) route_names[METRICS_MAX_ROUTES]; /* claimed once each, never changed afterwards */
    route_metrics routes[METRICS_MAX_ROUTES];
    atomic_llong in_flight;
    time_t started_at;
};

metrics *metrics_new(void)
{
    metrics *m = xcalloc(1, sizeof *m);
    m->started_at = time(NULL);
    return m;
}

void metrics_free(metrics *m)
{
    free(m);
}

void metrics_request_started(metrics *m)
{
    if (m != NULL)
        atomic_fetch_add_explicit(&m->in_flight, 1, memory_order_relaxed);
}

/* The slot of a route, claiming a free one on first sight; the last slot collects any overflow. */
static route_metrics *route_slot(metrics *m, const char *route)
{
    for (size_t i = 0; i < METRICS_MAX_ROUTES; i++) {
        const char *name = atomic_load(&m->route_names[i]);
        if (name == NULL) {
            const char *expected = NULL;
            if (atomic_compare_exchange_strong(&m->route_names[i], &expected, route))
                return &m->routes[i];
            name = expected;
        }
        if (name == route || strcmp(name, route) == 0)
            return &m->routes[i];
    }
    return &m->routes[METRICS_MAX_ROUTES - 1];
}

void metrics_request_finished(metrics *m, const char *route, const char *method, int status, long long duration_us)
{
    if (m == NULL)
        return;
    atomic_fetch_sub_explicit(&m->in_flight, 1, memory_order_relaxed);
    route_metrics *r = route_slot(m, route);
    size_t method_index = METHOD_COUNT - 1;
    for (size_t i = 0; i + 1 < METHOD_COUNT; i++) {
        if (strcmp(method, method_names[i]) == 0)
            method_index = i;
    }
    size_t status_index = STATUS_COUNT - 1;
    for (size_t i = 0; i + 1 < STATUS_COUNT; i++) {
        if (tracked_statuses[i] == status)
            status_index = i;
    }
    atomic_fetch_add_explicit(&r->requests[method_index][status_index], 1, memory_order_relaxed);
    double seconds = (double)duration_us / 1e6;
    for (size_t b = 0; b < BUCKET_COUNT; b++) {
        if (seconds <= bucket_bounds[b]) {
            atomic_fetch_add_explicit(&r->buckets[b], 1, memory_order_relaxed);
            break;
        }
    }
    atomic_fetch_add_explicit(&r->count, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&r->sum_us, (unsigned long long)(duration_us > 0 ? duration_us : 0),
                              memory_order_relaxed);
}

time_t metrics_started_at(const metrics *m)
{
    return m->started_at;
}

void metrics_render_requests(const metrics *m, bytebuf *b)
{
    buf_printf(b, "# HELP gpurec_http_requests_total HTTP requests answered, by route pattern, method and status.\n"
              "# TYPE gpurec_http_requests_total counter\n");
    for (size_t i = 0; i < METRICS_MAX_ROUTES; i++) {
        const char *route = atomic_load(&m->route_names[i]);
        if (route == NULL)
            break;
        for (size_t method = 0; method < METHOD_COUNT; method++) {
            for (size_t s = 0; s < STATUS_COUNT; s++) {
                unsigned long long n = atomic_load(&m->routes[i].requests[method][s]);
                if (n == 0)
                    continue;
                char status[8];
                if (s + 1 < STATUS_COUNT)
                    snprintf(status, sizeof status, "%d", tracked_statuses[s]);
                else
                    snprintf(status, sizeof status, "other");
                buf_printf(b, "gpurec_http_requests_total{route=\"%s\",method=\"%s\",status=\"%s\"} %llu\n", route,
                       method_names[method], status, n);
            }
        }
    }
    buf_printf(b, "# HELP gpurec_http_request_duration_seconds Time from request headers to the queued answer.\n"
              "# TYPE gpurec_http_request_duration_seconds histogram\n");
    for (size_t i = 0; i < METRICS_MAX_ROUTES; i++) {
        const char *route = atomic_load(&m->route_names[i]);
        if (route == NULL)
            break;
        const route_metrics *r = &m->routes[i];
        unsigned long long cumulative = 0;
        for (size_t bucket = 0; bucket < BUCKET_COUNT; bucket++) {
            cumulative += atomic_load(&r->buckets[bucket]);
            buf_printf(b, "gpurec_http_request_duration_seconds_bucket{route=\"%s\",le=\"%g\"} %llu\n", route,
                   bucket_bounds[bucket], cumulative);
        }
        unsigned long long count = atomic_load(&r->count);
        buf_printf(b, "gpurec_http_request_duration_seconds_bucket{route=\"%s\",le=\"+Inf\"} %llu\n", route, count);
        buf_printf(b, "gpurec_http_request_duration_seconds_sum{route=\"%s\"} %.6f\n", route,
               (double)atomic_load(&r->sum_us) / 1e6);
        buf_printf(b, "gpurec_http_request_duration_seconds_count{route=\"%s\"} %llu\n", route, count);
    }
    buf_printf(b, "# HELP gpurec_http_requests_in_flight Requests being processed now.\n"
              "# TYPE gpurec_http_requests_in_flight gauge\ngpurec_http_requests_in_flight %lld\n",
           atomic_load(&m->in_flight));
}

