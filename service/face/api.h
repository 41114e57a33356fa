/* The handlers of the API's resources, one file each; routes.c maps paths to them. Each reads req->snap (and what
 * req->app shares) and fills reply; see reply.h for the calling convention. Every handler returns 0 unless it could
 * not fill a reply (the server then answers 500). */
#ifndef GPUREC_API_H
#define GPUREC_API_H

#include <stdbool.h>

#include "face/app.h"
#include "face/http/reply.h"

/* GET /healthz, GET /readyz, GET /metrics (health.c) */
int api_healthz(const http_request *req, http_reply *reply);
int api_readyz(const http_request *req, http_reply *reply);
int api_metrics(const http_request *req, http_reply *reply);

/* GET /v1/gpus, GET /v1/gpus/{id} (gpus.c) */
int api_gpus_list(const http_request *req, http_reply *reply);
int api_gpus_get(const http_request *req, http_reply *reply);
/* GET /v1/models, GET /v1/models/{id} (models.c) */
int api_models_list(const http_request *req, http_reply *reply);
int api_models_get(const http_request *req, http_reply *reply);
/* GET /v1/benchmarks, GET /v1/benchmarks/{id} (benchmarks.c) */
int api_benchmarks_list(const http_request *req, http_reply *reply);
int api_benchmarks_get(const http_request *req, http_reply *reply);
/* GET /v1/instances, GET /v1/instances/{provider}/{instance_type} (instances.c) */
int api_instances_list(const http_request *req, http_reply *reply);
int api_instances_get(const http_request *req, http_reply *reply);
/* GET /v1/instances/{provider}/{instance_type}/history (history.c) */
int api_instance_history(const http_request *req, http_reply *reply);
/* GET /v1/providers (providers.c) */
int api_providers_list(const http_request *req, http_reply *reply);

/* POST /v1/recommend and POST /v1/estimate: the engine's answers to a JSON body (recommend.c, estimate.c). */
int api_recommend(const http_request *req, http_reply *reply);
int api_estimate(const http_request *req, http_reply *reply);
/* POST /v1/export (export.c): a recommendation as a SkyPilot task, Terraform or Kubernetes objects. */
int api_export(const http_request *req, http_reply *reply);

/* POST /v1/admin/refresh (admin.c): starts a price refresh. */
int api_admin_refresh(const http_request *req, http_reply *reply);
/* POST /v1/admin/import (admin.c): loads a price feed document (the body) through the refresh's validation and
 * transaction. */
int api_admin_import(const http_request *req, http_reply *reply);
/* Whether the request carries "Authorization: Bearer <token>" with token equal to the configured one, compared in
 * time independent of where they differ. False when no token is configured. */
bool api_admin_authorized(const http_request *req, const char *token);

/* The web page (ui.c): embedded files, compiled into the binary (ui_assets.h), served under /ui/.
 *
 * The page lives at .../ui/ so that every URL inside it can be relative ("style.css", "../v1/recommend") and the page
 * keeps working when a gateway serves the daemon under a path prefix. GET / and GET /ui answer a relative redirect to
 * "ui/" for that reason. Assets carry their content hash as a strong ETag and "no-cache", so a browser revalidates each
 * use and gets 304 from the server until the binary changes; a new build is never mixed with stale files. */
/* GET /, GET /ui: 302 to "ui/". GET /ui/ (and /ui/index.html): the page. Always returns 0 (the reply says it all). */
int api_ui_index(const http_request *req, http_reply *reply);
/* GET /ui/{name}: req->params[0] names a file of web/; unknown names are a 404 problem. Always returns 0. */
int api_ui_asset(const http_request *req, http_reply *reply);

#endif
