/* POST /v1/export: a recommendation as a SkyPilot task, Terraform or Kubernetes objects (engine/export/request.h
 * reads the body and writes the text). */
#include "face/api.h"

#include "base/buf.h"
#include "engine/export/request.h"

int api_export(const http_request *req, http_reply *reply)
{
    bytebuf text;
    buf_init(&text, 2048);
    export_format format = EXPORT_SKYPILOT;
    problem *error = NULL;
    if (export_run(req->snap, req->body, &text, &format, &error) != 0) {
        buf_free(&text);
        return http_reply_problem(reply, error), 0;
    }
    size_t len = 0;
    reply->status = 200;
    reply->raw = buf_finish(&text, &len);
    reply->raw_size = len;
    reply->content_type = export_media_type(format);
    return 0;
}
