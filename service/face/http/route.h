/* A route table's rows and their matching: which row serves a method and path, with the path's {captures}, and the
 * methods a path allows. The table itself is the face's (face/routes.c); the machinery is handed it at start. */
#ifndef GPUREC_ROUTE_H
#define GPUREC_ROUTE_H

#include <stdbool.h>
#include <stddef.h>

#include "face/http/reply.h"

typedef struct http_route {
    const char *method;
    const char *pattern; /* literal segments and {name} captures */
    http_handler handler;
    bool catalog_etag;  /* a catalog read: ETag = snapshot version, If-None-Match answered with 304, answers kept */
    bool needs_catalog; /* before the first catalog is loaded the dispatch answers 503 with Retry-After itself */
} http_route;

typedef struct http_routes {
    const http_route *items;
    size_t count;
} http_routes;

#define HTTP_PARAM_BYTES 256

/* The row serving method at url (HEAD already mapped to GET), its captures copied into params; NULL when none. */
const http_route *http_route_find(const http_routes *routes, const char *method, const char *url,
                                  char params[][HTTP_PARAM_BYTES], size_t *param_count);
/* The Allow header's value for url: the methods of the rows it matches, HEAD with GET, and OPTIONS; "" when no row
 * matches. */
void http_route_allowed(const http_routes *routes, const char *url, char *allow, size_t allow_len);

#endif
