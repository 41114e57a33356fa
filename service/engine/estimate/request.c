/* Reading an estimate request: items resolved against the snapshot, with did-you-mean hints for unknown names. */
#include "engine/estimate/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/didyoumean.h"
#include "wire/jsonv.h"

static void report_unknown_provider(const catalog *snap, const char *path, const char *provider_id, problem *p)
{
    char known[512];
    size_t used = 0;
    known[0] = '\0';
    for (size_t i = 0; i < snap->provider_count && used < sizeof known; i++) {
        int written = snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", snap->providers[i].id);
        if (written < 0)
            break;
        used += (size_t)written;
    }
    problem_add_field(p, path, "unknown provider '%s'; known providers: %s", provider_id, known);
}

static void report_unknown_instance(const catalog *snap, const char *path, const char *provider_id,
                                    const char *instance_id, problem *p)
{
    didyoumean c = {0};
    for (size_t i = 0; i < snap->instance_count; i++) {
        const catalog_instance *instance = &snap->instances[i];
        if (strcmp(instance->provider->id, provider_id) == 0)
            didyoumean_offer(&c, instance_id, instance->id);
    }
    char hint[512];
    didyoumean_format(&c, hint, sizeof hint);
    if (c.count > 0)
        problem_add_field(p, path, "unknown instance type '%s' for %s; closest: %s", instance_id, provider_id, hint);
    else
        problem_add_field(p, path, "unknown instance type '%s': %s has no instance types in the catalog",
                          instance_id, provider_id);
}

static void report_unknown_region(const catalog *snap, const char *path, const char *provider_id,
                                  const char *region_id, problem *p)
{
    didyoumean c = {0};
    for (size_t i = 0; i < snap->region_count; i++) {
        const catalog_region *region = &snap->regions[i];
        if (strcmp(region->provider->id, provider_id) == 0)
            didyoumean_offer(&c, region_id, region->id);
    }
    char hint[512];
    didyoumean_format(&c, hint, sizeof hint);
    if (c.count > 0)
        problem_add_field(p, path, "unknown region '%s' for %s; closest: %s", region_id, provider_id, hint);
    else
        problem_add_field(p, path, "unknown region '%s': %s has no regions in the catalog", region_id, provider_id);
}

static void report_not_offered(const catalog *snap, const char *path, const catalog_instance *instance,
                               const char *region_id, problem *p)
{
    char offered[512];
    size_t used = 0;
    offered[0] = '\0';
    size_t listed = 0;
    for (size_t k = 0; k < instance->offer_count && used < sizeof offered; k++) {
        const catalog_offer *offer = &snap->offers[instance->first_offer + k];
        if (listed == OFFERED_REGIONS_LISTED) {
            snprintf(offered + used, sizeof offered - used, ", and %zu more", instance->offer_count - listed);
            break;
        }
        int written = snprintf(offered + used, sizeof offered - used, "%s%s", listed ? ", " : "", offer->region->id);
        if (written < 0)
            break;
        used += (size_t)written;
        listed++;
    }
    if (listed > 0)
        problem_add_field(p, path, "%s is not offered in %s; it is offered in: %s", instance->id, region_id, offered);
    else
        problem_add_field(p, path, "%s has no prices in any region of the catalog", instance->id);
}

static bool has_member(const json_t *obj, const char *key)
{
    const json_t *value = json_object_get(obj, key);
    return value != NULL && !json_is_null(value);
}

/* Validates items[index] and resolves its offer; every problem goes to p. */
void estimate_read_item(const catalog *snap, const json_t *item_json, size_t index, estimate_item *item, problem *p)
{
    static const char *const allowed[] = {"provider", "instance_type", "region", "count",
                                          "hours",    "months",        "hours_per_month"};
    char parent[64], path[128];
    jsonv_index_path(parent, sizeof parent, "items", index);
    if (!json_is_object(item_json)) {
        problem_add_field(p, parent, "must be an object, not %s", jsonv_type_name(item_json));
        return;
    }
    jsonv_reject_unknown(item_json, parent, allowed, sizeof allowed / sizeof allowed[0], p);

    bool have_provider = jsonv_string(item_json, parent, "provider", true, PROVIDER_MAX_LEN, &item->provider_id, p);
    bool have_instance =
        jsonv_string(item_json, parent, "instance_type", true, INSTANCE_MAX_LEN, &item->instance_id, p);
    bool have_region = jsonv_string(item_json, parent, "region", true, REGION_MAX_LEN, &item->region_id, p);
    bool have_count = jsonv_integer(item_json, parent, "count", true, 1, ESTIMATE_MAX_COUNT, &item->count, p);

    bool gives_hours = has_member(item_json, "hours");
    bool gives_months = has_member(item_json, "months");
    bool gives_hours_per_month = has_member(item_json, "hours_per_month");
    bool have_duration = false;
    if (gives_hours) {
        have_duration = jsonv_integer(item_json, parent, "hours", true, 1, ESTIMATE_MAX_HOURS, &item->hours, p);
        if (gives_months) {
            jsonv_path(path, sizeof path, parent, "months");
            problem_add_field(p, path, "cannot be combined with hours: give hours, or months with an optional "
                                       "hours_per_month");
            have_duration = false;
        }
        if (gives_hours_per_month) {
            jsonv_path(path, sizeof path, parent, "hours_per_month");
            problem_add_field(p, path, "cannot be combined with hours: hours_per_month goes with months");
            have_duration = false;
        }
    } else if (gives_months) {
        have_duration = jsonv_integer(item_json, parent, "months", true, 1, ESTIMATE_MAX_MONTHS, &item->months, p);
        item->hours_per_month = COST_HOURS_PER_MONTH;
        if (gives_hours_per_month &&
            !jsonv_integer(item_json, parent, "hours_per_month", true, 1, COST_HOURS_PER_MONTH,
                           &item->hours_per_month, p))
            have_duration = false;
    } else {
        jsonv_path(path, sizeof path, parent, "hours");
        problem_add_field(p, path, "is required: give hours (a job's length), or months with an optional "
                                   "hours_per_month");
    }

    if (have_provider && catalog_find_provider(snap, item->provider_id) == NULL) {
        jsonv_path(path, sizeof path, parent, "provider");
        report_unknown_provider(snap, path, item->provider_id, p);
        have_provider = false;
    }
    const catalog_instance *instance = NULL;
    if (have_provider && have_instance) {
        instance = catalog_find_instance(snap, item->provider_id, item->instance_id);
        if (instance == NULL) {
            jsonv_path(path, sizeof path, parent, "instance_type");
            report_unknown_instance(snap, path, item->provider_id, item->instance_id, p);
        }
    }
    if (have_provider && have_region) {
        jsonv_path(path, sizeof path, parent, "region");
        if (catalog_find_region(snap, item->provider_id, item->region_id) == NULL) {
            report_unknown_region(snap, path, item->provider_id, item->region_id, p);
        } else if (instance != NULL) {
            item->offer = catalog_find_offer(snap, item->provider_id, item->instance_id, item->region_id);
            if (item->offer == NULL)
                report_not_offered(snap, path, instance, item->region_id, p);
        }
    }

    if (have_count && have_duration) {
        int rc = item->hours > 0 ? cost_usage_from_hours(item->count, item->hours, &item->usage)
                                 : cost_usage_from_months(item->count, item->months, item->hours_per_month,
                                                          &item->usage);
        if (rc != 0) /* the ranges above make this unreachable; a client still gets a field, never a 500 */
            problem_add_field(p, parent, "count and duration do not describe a usable period");
    }
}

/* Fills compared[] from the optional "pricing" member; false after reporting a problem. */
bool estimate_read_pricing(const json_t *request, bool compared[PRICING_COUNT], bool *explicit_list, problem *p)
{
    const json_t *list = NULL;
    *explicit_list = false;
    if (!has_member(request, "pricing"))
        return true;
    /* twice the model count, so that a repeated model is named as repeated rather than the list as too long */
    if (!jsonv_string_array(request, "", "pricing", 2 * PRICING_COUNT, 32, &list, p))
        return false;
    if (json_array_size(list) == 0) {
        problem_add_field(p, "pricing", "must name at least one pricing model, or be left out to compare all");
        return false;
    }
    bool ok = true;
    size_t index;
    const json_t *entry;
    json_array_foreach(list, index, entry) {
        char path[64];
        jsonv_index_path(path, sizeof path, "pricing", index);
        pricing_model model;
        if (pricing_model_parse(json_string_value(entry), &model) != 0) {
            char models[256];
            problem_add_field(p, path, "must be one of: %s", vocab_pricing_list(models, sizeof models));
            ok = false;
        } else if (compared[model]) {
            problem_add_field(p, path, "repeats %s", pricing_model_name(model));
            ok = false;
        } else {
            compared[model] = true;
        }
    }
    *explicit_list = true;
    return ok;
}

/* Prices every model in priced[] that the item's offer has. COST_ERANGE when a figure does not fit. */
