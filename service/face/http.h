/* The face: the HTTP daemon and the API's resources. The layer's main header: what main.c and the tests include.
 *
 * What it owns:
 *   server.c        libmicrohttpd set-up and limits, start and stop, the request callback's phases (head, body)
 *   routes.c        the route table and the dispatch of a complete request to its handler
 *   reply.c         the helpers handlers fill replies with (reply.h: the request and reply types)
 *   answer_cache.c  the per-version cache of catalog GET answers
 *   query.c         the one parser of query strings and cursors every handler uses
 *   metrics.c       Prometheus counters and their text
 *   one file per resource (api.h declares their handlers): health.c, gpus.c, instances.c, providers.c,
 *   recommend.c, estimate.c, history.c, admin.c, ui.c
 *
 * What it may include: base/, wire/, snapshot/, engine/ and worker/worker.h (the refresh worker's thread-safe
 * handle); never store/ (the database): the history endpoint reads through app.read_history, which main.c sets. */
#ifndef GPUREC_HTTP_H
#define GPUREC_HTTP_H

#include "face/http/reply.h"
#include "face/http/server.h"

#endif
