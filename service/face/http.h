/* The face: the HTTP daemon and the API's resources. The layer's main header: what main.c and the tests include.
 *
 * What it owns:
 *   app.h           what the daemon shares with handlers (config, worker, request counters, history reader)
 *   routes.c        the route table: method, path, handler, and what each route needs (face/routes.h)
 *   one file per resource (api.h declares their handlers): health.c, gpus.c, models.c, instances.c, providers.c,
 *   recommend.c, estimate.c, export.c, history.c, admin.c, ui.c; metrics.c renders /metrics
 *   http/           the machinery, which knows no resource: server.c (libmicrohttpd set-up and limits, the request
 *                   callback's phases, sending), route.c (matching a table), dispatch.c (a matched route's answer:
 *                   body, needs-catalog 503, answer cache, handler, 304), reply.c (what handlers fill), query.c (the
 *                   one parser of query strings and cursors), guard.c, connections.c, forwarded.c, request_id.c,
 *                   answer_cache.c, answer_text.c, request_metrics.c, request_read.c
 *
 * What it may include: base/, wire/, snapshot/, engine/ and worker/worker.h (the refresh worker's thread-safe
 * handle); never store/ or SQLite, through any chain of includes (tests/layers.sh reads each file's include
 * closure). face/http/ includes nothing of the face outside it. */
#ifndef GPUREC_HTTP_H
#define GPUREC_HTTP_H

#include "face/app.h"
#include "face/http/reply.h"
#include "face/http/server.h"
#include "face/routes.h"

#endif
