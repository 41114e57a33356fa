/* How to turn a recommendation into deployable text: the request POST /v1/export takes, ready to send. */
#include "engine/recommend/internal.h"

#include <stdbool.h>

#include "engine/export/export.h"

void recommend_write_pick(jsonw *out, const candidate *c)
{
    jsonw_member_string(out, "provider", c->offer->instance->provider->id);
    jsonw_member_string(out, "instance_type", c->offer->instance->id);
    jsonw_member_string(out, "region", c->offer->region->id);
    jsonw_member_string(out, "pricing", pricing_model_name(c->pricing));
    jsonw_member_integer(out, "nodes", c->fit.nodes);
}

void recommend_write_export_link(jsonw *out, const candidate *c)
{
    jsonw_name(out, "export");
    jsonw_object_begin(out);
    jsonw_member_fixed(out, "href", "/v1/export");
    jsonw_member_fixed(out, "method", "POST");
    /* only the formats that can deploy this pick (no Terraform for a provider without an official one) */
    const catalog_instance *inst = c->offer->instance;
    export_pick pick = {.provider_id = inst->provider->id, .instance_type = inst->id, .region_id = c->offer->region->id,
                        .pricing = c->pricing, .nodes = c->fit.nodes, .gpus_per_node = inst->gpu_count,
                        .gpu = inst->gpu, .instance = inst};
    bool usable[EXPORT_FORMAT_COUNT];
    export_usable_formats(&pick, usable);
    export_format first = EXPORT_SKYPILOT;
    bool have_first = false;
    jsonw_name(out, "formats");
    jsonw_array_begin(out);
    for (int f = 0; f < EXPORT_FORMAT_COUNT; f++) {
        if (!usable[f])
            continue;
        jsonw_string(out, export_format_name((export_format)f));
        if (!have_first)
            first = (export_format)f;
        have_first = true;
    }
    jsonw_array_end(out);
    jsonw_name(out, "body");
    jsonw_object_begin(out);
    jsonw_name(out, "recommendation");
    jsonw_object_begin(out);
    recommend_write_pick(out, c);
    jsonw_object_end(out);
    jsonw_member_string(out, "format", export_format_name(first));
    jsonw_object_end(out);
    jsonw_object_end(out);
}
