/* The recommendation engine behind POST /v1/recommend and `gpurec recommend`: validates a request, sizes the workload
 * (engine/perf/sizing.h), walks the catalog snapshot's offers that can fit, and ranks them by the request's objective.
 *
 * recommend_run() is pure: it reads the snapshot and the request, writes the answer, and reads no clock (the caller
 * passes `now`) and no file. openapi.yaml describes the request and the answer (RecommendRequest,
 * RecommendResponse). */
#ifndef GPUREC_RECOMMEND_H
#define GPUREC_RECOMMEND_H

#include <time.h>

#include <jansson.h>

#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define RECOMMEND_DEFAULT_LIMIT 5
#define RECOMMEND_MAX_LIMIT 100

typedef struct recommend_options {
    time_t now;                 /* the moment prices are judged stale against */
    unsigned stale_after_hours; /* a price fetched longer ago than this gets a warning; 0 = never */
} recommend_options;

/* Runs one recommendation request against snap (borrowed; must not be NULL). On success returns 0 having written the
 * response document to out (compact JSON; the writer is the caller's, jsonw.h). On a client error returns -1, writes
 * nothing and sets *error to a problem naming every invalid field (status 400 when the body is not an object, else
 * 422; caller owns it: hand it to http_reply_problem() or problem_free()). An impossible request is not an error: it
 * succeeds with no recommendations and `rejected` counts that say why. */
int recommend_run(const catalog *snap, const json_t *request, const recommend_options *opts, jsonw *out,
                  problem **error);

#endif
