/* GET /v1/providers: the catalog's providers, their regions and refresh status, and the exchange rates. */
#include <string.h>

#include "base/vocab.h"
#include "face/api.h"
#include "face/http/query.h"
#include "worker/worker.h"

static json_t *refresh_json(const http_request *req, const catalog_provider *provider)
{
    const char *status = provider->refresh_status;
    const char *why_not = NULL, *error = provider->last_error;
    /* The loader marks a partial run's error as "partial: <JSON array of the failed parts>" (store/catalog_load.c). */
    json_t *failed_parts = NULL;
    if (error != NULL && strncmp(error, "partial: ", 9) == 0) {
        failed_parts = json_loads(error + 9, 0, NULL);
        if (!json_is_array(failed_parts)) {
            json_decref(failed_parts);
            failed_parts = json_array();
        }
        status = "partial";
        error = NULL;
    }
    struct worker *w = req->app->worker;
    if (w != NULL && worker_is_running(w, provider->id))
        status = "running";
    else if (strcmp(status, "never") == 0 && (w == NULL || !worker_is_enabled(w, provider->id, &why_not)))
        status = "disabled";
    json_t *refresh = json_object();
    json_object_set_new(refresh, "status", json_string(status));
    json_object_set_new(refresh, "last_attempt_at",
                        provider->last_attempt_at ? json_string(provider->last_attempt_at) : json_null());
    json_object_set_new(refresh, "last_success_at",
                        provider->last_success_at ? json_string(provider->last_success_at) : json_null());
    json_object_set_new(refresh, "error", error ? json_string(error) : json_null());
    json_object_set_new(refresh, "failed_parts", failed_parts ? failed_parts : json_array());
    json_object_set_new(refresh, "rows", json_integer((json_int_t)provider->price_rows));
    if (strcmp(status, "disabled") == 0)
        json_object_set_new(refresh, "disabled_reason",
                            json_string(why_not ? why_not : "the price refresh worker is not running"));
    return refresh;
}

/* A region with where it is: its geography's code and API name (what constraints.geographies and prefer_regions
 * take), and its country, null when not recorded. */
static json_t *region_json(const catalog_region *region)
{
    const char *geography_name = vocab_geography_name(region->geography);
    json_t *item = json_pack("{s:s, s:s, s:s}", "id", region->id, "name", region->name, "geography",
                             region->geography);
    json_object_set_new(item, "geography_name", geography_name ? json_string(geography_name) : json_null());
    json_object_set_new(item, "country",
                        region->country && region->country[0] ? json_string(region->country) : json_null());
    return item;
}

int api_providers_list(const http_request *req, http_reply *reply)
{
    const catalog *snap = req->snap;
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, NULL, 0, "is not a known query parameter", p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);
    json_t *items = json_array();
    for (size_t i = 0; i < snap->provider_count; i++) {
        const catalog_provider *provider = &snap->providers[i];
        json_t *regions = json_array();
        for (size_t r = 0; r < snap->region_count; r++) {
            if (snap->regions[r].provider == provider)
                json_array_append_new(regions, region_json(&snap->regions[r]));
        }
        size_t instance_types = 0;
        for (size_t n = 0; n < snap->instance_count; n++)
            instance_types += snap->instances[n].provider == provider;
        json_t *item = json_object();
        json_object_set_new(item, "id", json_string(provider->id));
        json_object_set_new(item, "name", json_string(provider->name));
        json_object_set_new(item, "currency", json_string(provider->currency));
        json_object_set_new(item, "price_source", json_string(provider->price_source));
        json_object_set_new(item, "regions", regions);
        json_object_set_new(item, "instance_types", json_integer((json_int_t)instance_types));
        json_object_set_new(item, "refresh", refresh_json(req, provider));
        json_array_append_new(items, item);
    }
    json_t *fx = json_array();
    for (size_t i = 0; i < snap->fx_count; i++)
        json_array_append_new(fx, json_pack("{s:s, s:f, s:s, s:s}", "currency", snap->fx[i].currency,
                                            "usd_per_unit", snap->fx[i].usd_per_unit, "source", snap->fx[i].source,
                                            "as_of", snap->fx[i].as_of));
    json_t *body = json_object();
    json_object_set_new(body, "items", items);
    json_object_set_new(body, "total", json_integer((json_int_t)snap->provider_count));
    json_object_set_new(body, "next_cursor", json_null());
    json_object_set_new(body, "fx_rates", fx);
    json_object_set_new(body, "catalog_version", json_string(snap->version));
    http_reply_json(reply, 200, body);
    return 0;
}
