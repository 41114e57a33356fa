/* Reading a POST /v1/export body and writing its text (request.h). */
#include "engine/export/request.h"

#include <stdbool.h>
#include <string.h>

#include "wire/jsonv.h"

static problem *invalid(void)
{
    return problem_new(422, "invalid-request", "Invalid request", "The export request has invalid fields.");
}

/* The pick the body names, resolved against the snapshot; problems name "recommendation.<field>". */
static bool read_pick(const catalog *snap, const json_t *rec, export_pick *pick, problem *p)
{
    const char *provider = NULL, *instance = NULL, *region = NULL, *pricing = "on_demand", *name = NULL;
    long long nodes = 1, disk = 0;
    jsonv_string(rec, "recommendation", "provider", true, 64, &provider, p);
    jsonv_string(rec, "recommendation", "instance_type", true, 128, &instance, p);
    jsonv_string(rec, "recommendation", "region", true, 64, &region, p);
    jsonv_string(rec, "recommendation", "pricing", false, 32, &pricing, p);
    jsonv_integer(rec, "recommendation", "nodes", false, 1, 4096, &nodes, p);
    jsonv_integer(rec, "recommendation", "disk_gb", false, 1, 65536, &disk, p);
    jsonv_string(rec, "recommendation", "job_name", false, EXPORT_JOB_NAME_MAX, &name, p);
    if (problem_field_count(p) > 0)
        return false;
    memset(pick, 0, sizeof *pick);
    if (pricing_model_parse(pricing, &pick->pricing) != 0) {
        char models[256];
        problem_add_field(p, "recommendation.pricing", "must be one of: %s", vocab_pricing_list(models, sizeof models));
        return false;
    }
    const catalog_instance *in = catalog_find_instance(snap, provider, instance);
    if (in == NULL) {
        problem_add_field(p, "recommendation.instance_type", "no instance type '%s' of '%s' in the catalog", instance,
                          provider);
        return false;
    }
    if (catalog_find_offer(snap, provider, instance, region) == NULL) {
        problem_add_field(p, "recommendation.region", "'%s' does not offer %s", region, instance);
        return false;
    }
    pick->provider_id = in->provider->id;
    pick->instance_type = in->id;
    pick->region_id = region;
    pick->nodes = (unsigned)nodes;
    pick->gpus_per_node = in->gpu_count;
    pick->gpu = in->gpu;
    pick->instance = in;
    pick->disk_gb = (unsigned)disk;
    pick->job_name = name;
    return true;
}

int export_run(const catalog *snap, const json_t *request, bytebuf *out, export_format *format, problem **error)
{
    static const char *const allowed[] = {"recommendation", "format"};
    *error = NULL;
    if (!json_is_object(request)) {
        problem *p = problem_new(400, "invalid-request", "Invalid request", "the body must be a JSON object");
        problem_add_field(p, "body", "must be a JSON object");
        *error = p;
        return -1;
    }
    problem *p = invalid();
    jsonv_reject_unknown(request, "", allowed, sizeof allowed / sizeof allowed[0], p);
    const json_t *rec = NULL;
    jsonv_object(request, "", "recommendation", true, &rec, p);
    const char *format_name = NULL;
    jsonv_string(request, "", "format", true, 32, &format_name, p);
    *format = EXPORT_SKYPILOT;
    if (format_name != NULL && export_format_parse(format_name, format) != 0) {
        char formats[64];
        problem_add_field(p, "format", "must be one of: %s", export_format_list(formats, sizeof formats));
    }
    export_pick pick;
    bool picked = rec != NULL && problem_field_count(p) == 0 && read_pick(snap, rec, &pick, p);
    if (!picked) {
        *error = p;
        return -1;
    }
    char err[256] = "";
    int rc = export_write(&pick, *format, out, err, sizeof err);
    if (rc != 0) {
        problem_add_field(p, rc == EXPORT_EUNSUPPORTED ? "format" : "recommendation", "%s", err);
        *error = p;
        return -1;
    }
    problem_free(p);
    return 0;
}
