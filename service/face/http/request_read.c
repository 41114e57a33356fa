/* The request's query and headers (reply.h), read from libmicrohttpd's connection. The fuzz targets, which have no
 * connection, link their own stand-ins instead of this file (fuzz/fuzz_support.h). */
#include <stddef.h>

#include <microhttpd.h>

#include "face/http/reply.h"

const char *http_query(const http_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_GET_ARGUMENT_KIND, name);
}

const char *http_header(const http_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_HEADER_KIND, name);
}

typedef struct visit_ctx {
    http_query_visitor fn;
    void *ctx;
} visit_ctx;

static enum MHD_Result visit_argument(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    visit_ctx *visit = cls;
    visit->fn(visit->ctx, key, value ? value : "");
    return MHD_YES;
}

size_t http_query_each(const http_request *req, http_query_visitor fn, void *ctx)
{
    visit_ctx visit = {fn, ctx};
    int count = MHD_get_connection_values(req->connection, MHD_GET_ARGUMENT_KIND, visit_argument, &visit);
    return count < 0 ? 0 : (size_t)count;
}
