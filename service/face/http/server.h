/* The HTTP daemon: libmicrohttpd set-up, the service's limits on a request's head and body, start and stop.
 *
 * The daemon's callback reads a request's head and body, finds its route in the table it was started with
 * (route.h), has the matched route's answer made (dispatch.h) and sends it. */
#ifndef GPUREC_SERVER_H
#define GPUREC_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/config.h"
#include "face/http/address_caps.h"
#include "face/http/reply.h"
#include "face/http/request_metrics.h"
#include "face/http/route.h"

typedef struct http_server http_server;

/* What a server starts with; every pointer is borrowed and must outlive the server. */
typedef struct http_options {
    const config *cfg;         /* listen address, limits, CORS origins, trusted proxies */
    metrics *metrics;          /* request counters; NULL: none kept */
    address_caps *caps;        /* the per-address connection cap and the refusals of both caps; NULL: no cap */
    const struct app *app;     /* handed to every handler as req->app, never looked into here */
    const http_routes *routes; /* the route table */
} http_options;

/* Starts the daemon on options->cfg->listen (port 0 picks a free port). Caller owns *out; stop with http_stop(). */
int http_start(const http_options *options, http_server **out, char *err, size_t err_len);
/* The port actually bound. */
uint16_t http_port(const http_server *server);
/* Stops accepting, waits up to drain_ms for in-flight requests, then stops the daemon. Accepts NULL. */
void http_stop(http_server *server, int drain_ms);

#endif
