/* GET /healthz, GET /readyz, GET /metrics. */
#include <stdlib.h>

#include "face/api.h"
#include "face/fleet.h"
#include "face/metrics.h"
#include "base/util.h"

/* A fixed answer, written once: probes call this several times a second on every replica. */
static const char healthz_body[] = "{\"status\":\"ok\"}";

int api_healthz(const http_request *req, http_reply *reply)
{
    (void)req;
    http_reply_json_text(reply, 200, xstrdup(healthz_body), sizeof healthz_body - 1);
    return 0;
}

int api_readyz(const http_request *req, http_reply *reply)
{
    if (atomic_load(&req->app->draining)) {
        http_reply_problem(reply, problem_new(503, "draining", "Service Unavailable",
                                              "The service is shutting down and takes no new work."));
        reply->retry_after = "5";
        return 0;
    }
    if (req->snap == NULL) {
        http_reply_problem(reply, http_problem_no_catalog());
        return 0;
    }
    problem *too_old = fleet_readiness_problem(req->app);
    if (too_old != NULL) {
        http_reply_problem(reply, too_old);
        return 0;
    }
    http_reply_json(reply, 200,
                    json_pack("{s:s, s:s, s:s, s:I}", "status", "ready", "catalog_version", req->snap->version,
                              "catalog_built_at", req->snap->built_at, "offers", (json_int_t)req->snap->offer_count));
    return 0;
}

int api_metrics(const http_request *req, http_reply *reply)
{
    size_t len = 0;
    char *text = metrics_render(req->app->metrics, req->snap, req->app->worker, &len);
    {
        bytebuf b;
        buf_init(&b, len + 4096);
        buf_append(&b, text, len);
        free(text);
        fleet_render_metrics(req->app, &b);
        text = buf_finish(&b, &len);
    }
    reply->status = 200;
    reply->raw = text;
    reply->raw_size = len;
    reply->content_type = "text/plain; version=0.0.4; charset=utf-8";
    return 0;
}
