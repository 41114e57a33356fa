/* The API's route table (face/routes.h). */
#include "face/routes.h"

#include "face/api.h"

/* One line per endpoint: method, path, handler, whether it is a catalog read (ETag, 304, kept answers), and whether
 * it needs the catalog (before the first load the dispatch answers those with one 503 and Retry-After). A path that
 * matches with another method is a 405 with Allow, no match is a 404. */
static const http_route rows[] = {
    {"GET", "/healthz", api_healthz, false, false},
    {"GET", "/readyz", api_readyz, false, false},
    {"GET", "/metrics", api_metrics, false, false},
    {"GET", "/v1/gpus", api_gpus_list, true, true},
    {"GET", "/v1/gpus/{id}", api_gpus_get, true, true},
    {"GET", "/v1/models", api_models_list, true, true},
    {"GET", "/v1/models/{id}", api_models_get, true, true},
    {"GET", "/v1/benchmarks", api_benchmarks_list, true, true},
    {"GET", "/v1/benchmarks/{id}", api_benchmarks_get, true, true},
    {"GET", "/v1/instances", api_instances_list, true, true},
    {"GET", "/v1/instances/{provider}/{instance_type}", api_instances_get, true, true},
    {"GET", "/v1/instances/{provider}/{instance_type}/history", api_instance_history, false, true},
    {"GET", "/v1/providers", api_providers_list, false, true},
    {"POST", "/v1/recommend", api_recommend, false, true},
    {"POST", "/v1/estimate", api_estimate, false, true},
    {"POST", "/v1/export", api_export, false, true},
    {"POST", "/v1/admin/refresh", api_admin_refresh, false, false},
    {"POST", "/v1/admin/import", api_admin_import, false, false},
    {"GET", "/", api_ui_index, false, false},
    {"GET", "/ui", api_ui_index, false, false},
    {"GET", "/ui/", api_ui_index, false, false},
    {"GET", "/ui/{asset}", api_ui_asset, false, false},
};

const http_routes face_routes = {rows, sizeof rows / sizeof rows[0]};

http_options face_http_options(app *application)
{
    http_options options = {
        .cfg = application->cfg, .metrics = application->metrics, .app = application, .routes = &face_routes};
    return options;
}
