/* The route table (one line per endpoint) and the dispatch of a complete request: the route, the body's media type
 * and JSON, the answer cache for catalog reads, the handler, and 304 for a matching If-None-Match. */
#ifndef GPUREC_ROUTES_H
#define GPUREC_ROUTES_H

#include "face/server.h"

/* Answers the request whose head and body the server has read (url without its query string). Returns the
 * libmicrohttpd result of sending the answer (see server_send). */
int routes_dispatch(const server_call *call, const char *url, const char *method);

#endif
