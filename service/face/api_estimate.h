/* POST /v1/estimate: what a fleet costs on each pricing model, in USD, with savings against on-demand and the
 * break-even utilisation of commitments. The request and response schemas are documented at the top of
 * api_estimate.c; the arithmetic is cost.h. */
#ifndef GPUREC_API_ESTIMATE_H
#define GPUREC_API_ESTIMATE_H

#include <jansson.h>

#include "snapshot/catalog.h"
#include "wire/problem.h"

/* Limits of one request (documented in api_estimate.c). 87 600 hours = 120 months of 730 hours = 10 years. */
#define ESTIMATE_MAX_ITEMS 100
#define ESTIMATE_MAX_COUNT 10000
#define ESTIMATE_MAX_HOURS 87600
#define ESTIMATE_MAX_MONTHS 120

/* Estimates one request against snap (borrowed; must not be NULL). On success returns 0 and sets *result to the
 * response document (caller owns the reference: json_decref). On a client error returns -1 and sets *error to a
 * problem naming every invalid field (status 400 when the body is not an object, else 422; caller owns it: hand it to
 * http_reply_problem() or problem_free()). Reads nothing but its arguments. */
int api_estimate_run(const catalog *snap, const json_t *request, json_t **result, problem **error);

#endif
