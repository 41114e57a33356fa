/* The answer to a request whose route matched: the body's media type and JSON, the catalog a route needs (one 503
 * with Retry-After for every such route before the first load), the answer cache for catalog reads, the handler,
 * the catalog ETag, and 304 for a matching If-None-Match. It fills a reply; the server sends it. */
#ifndef GPUREC_DISPATCH_H
#define GPUREC_DISPATCH_H

#include "base/buf.h"
#include "face/http/answer_cache.h"
#include "face/http/reply.h"
#include "face/http/route.h"

/* Seconds a client is told to wait (Retry-After) while no catalog is loaded. */
#define DISPATCH_NO_CATALOG_RETRY_AFTER "5"

/* Fills reply with route's answer to req. req->snap is the caller's held reference (it outlives the reply, whose
 * ETag may borrow its version); body holds the request's body bytes (may be empty). */
void dispatch_answer(const http_route *route, http_request *req, const bytebuf *body, answer_cache *cache,
                     http_reply *reply);

#endif
