/* The HTTP daemon: libmicrohttpd set-up, the service's limits on a request's head and body, start and stop.
 *
 * The daemon's callback reads a request's head and body (server.c), routes.c dispatches the complete request, and
 * server.c sends the reply; routes.h is the interface between the two files. */
#ifndef GPUREC_SERVER_H
#define GPUREC_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "face/http/reply.h"

typedef struct http_server http_server;

/* Starts the daemon on cfg->listen (port 0 picks a free port). Caller owns *out; stop with http_stop(). */
int http_start(app *application, http_server **out, char *err, size_t err_len);
/* The port actually bound. */
uint16_t http_port(const http_server *server);
/* Stops accepting, waits up to drain_ms for in-flight requests, then stops the daemon. Accepts NULL. */
void http_stop(http_server *server, int drain_ms);

#endif
