#include "base/vocab.h"

#include <stdio.h>
#include <string.h>

/* The order is the API's: answers list pricing models in this order. Terms: cost.h cites the 8760-hour year. */
const pricing_model_info vocab_pricing_models[PRICING_COUNT] = {
    [PRICING_ON_DEMAND] = {"on_demand", "On-demand", 0, false},
    [PRICING_SPOT] = {"spot", "Spot", 0, true},
    [PRICING_RESERVED_1Y] = {"reserved_1y", "1-year reserved", 1, false},
    [PRICING_RESERVED_3Y] = {"reserved_3y", "3-year reserved", 3, false},
    [PRICING_SAVINGS_PLAN_1Y] = {"savings_plan_1y", "1-year savings plan", 1, false},
    [PRICING_SAVINGS_PLAN_3Y] = {"savings_plan_3y", "3-year savings plan", 3, false},
    [PRICING_CAPACITY_BLOCK] = {"capacity_block", "Capacity Block", 0, false},
};

const precision_info vocab_precisions[PRECISION_COUNT] = {
    [PRECISION_FP64] = {"fp64", "fp64_tflops"}, [PRECISION_FP32] = {"fp32", "fp32_tflops"},
    [PRECISION_TF32] = {"tf32", "tf32_tflops"}, [PRECISION_BF16] = {"bf16", "bf16_tflops"},
    [PRECISION_FP16] = {"fp16", "fp16_tflops"}, [PRECISION_FP8] = {"fp8", "fp8_tflops"},
    [PRECISION_INT8] = {"int8", "int8_tops"},   [PRECISION_INT4] = {"int4", "int8_tops"},
};

const adapter_info vocab_adapters[] = {
    {"aws", "AWS Price List bulk API, spot price feed and spot advisor", true},
    {"azure", "Azure Retail Prices API", true},
    {"gcp", "GCP Cloud Billing Catalog API (needs GPUREC_GCP_API_KEY)", true},
    {"oci", "Oracle Cloud price list (public, no key)", true},
    {"lambda", "Lambda Cloud API instance types (needs GPUREC_LAMBDA_API_KEY)", true},
    {"alibaba", "Alibaba Cloud ECS DescribePrice, signed (needs GPUREC_ALIBABA_ACCESS_KEY_ID and _SECRET)", true},
    {"tencent", "Tencent Cloud CVM DescribeZoneInstanceConfigInfos, signed (needs GPUREC_TENCENT_SECRET_ID and _KEY)",
     true},
    {"feed", "JSON price feeds (GPUREC_FEED_URLS)", true},
    {"fx", "ECB euro reference rates: the USD rate of every currency prices are kept in (GPUREC_FX_URL)", true},
};
const size_t vocab_adapter_count = sizeof vocab_adapters / sizeof vocab_adapters[0];

const char *pricing_model_name(pricing_model model)
{
    return (unsigned)model < PRICING_COUNT ? vocab_pricing_models[model].name : NULL;
}

int pricing_model_parse(const char *name, pricing_model *out)
{
    for (int i = 0; i < PRICING_COUNT; i++) {
        if (strcmp(name, vocab_pricing_models[i].name) == 0) {
            *out = (pricing_model)i;
            return 0;
        }
    }
    return -1;
}

const char *precision_name(precision p)
{
    return (unsigned)p < PRECISION_COUNT ? vocab_precisions[p].name : NULL;
}

int precision_parse(const char *name, precision *out)
{
    for (int i = 0; i < PRECISION_COUNT; i++) {
        if (strcmp(name, vocab_precisions[i].name) == 0) {
            *out = (precision)i;
            return 0;
        }
    }
    return -1;
}

const adapter_info *vocab_adapter_find(const char *id)
{
    for (size_t i = 0; i < vocab_adapter_count; i++)
        if (strcmp(id, vocab_adapters[i].id) == 0)
            return &vocab_adapters[i];
    return NULL;
}

/* The regions.geography codes are 0001_schema.sql's CHECK list. */
const geography_info vocab_geographies[] = {
    {"us", "us"},
    {"canada", "ca"},
    {"south-america", "sa"},
    {"europe", "eu"},
    {"middle-east", "me"},
    {"africa", "af"},
    {"asia-pacific", "apac oc"},
    {"oceania", "oc"},
    {"china-mainland", "cn"},
};
const size_t vocab_geography_count = sizeof vocab_geographies / sizeof vocab_geographies[0];

const geography_info *vocab_geography_find(const char *name)
{
    for (size_t i = 0; i < vocab_geography_count; i++)
        if (strcmp(name, vocab_geographies[i].name) == 0)
            return &vocab_geographies[i];
    return NULL;
}

bool vocab_geography_covers(const geography_info *g, const char *code)
{
    if (g == NULL || code == NULL)
        return false;
    size_t len = strlen(code);
    for (const char *at = g->codes; *at != '\0';) {
        size_t word = strcspn(at, " ");
        if (word == len && strncmp(at, code, len) == 0)
            return true;
        at += word;
        at += *at == ' ';
    }
    return false;
}

const char *vocab_geography_name(const char *code)
{
    for (size_t i = 0; i < vocab_geography_count; i++)
        if (vocab_geography_covers(&vocab_geographies[i], code))
            return vocab_geographies[i].name;
    return NULL;
}

/* names is an array of count records of stride bytes whose first member is the name. */
static char *join_names(const void *names, size_t count, size_t stride, char *out, size_t out_len)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        const char *name = *(const char *const *)((const char *)names + i * stride);
        int written = snprintf(out + used, out_len - used, "%s%s", i == 0 ? "" : ", ", name);
        if (written < 0 || (size_t)written >= out_len - used) {
            out[used] = '\0'; /* whole names only */
            break;
        }
        used += (size_t)written;
    }
    return out;
}

char *vocab_pricing_list(char *out, size_t out_len)
{
    return join_names(vocab_pricing_models, PRICING_COUNT, sizeof vocab_pricing_models[0], out, out_len);
}

char *vocab_precision_list(char *out, size_t out_len)
{
    return join_names(vocab_precisions, PRECISION_COUNT, sizeof vocab_precisions[0], out, out_len);
}

char *vocab_adapter_list(char *out, size_t out_len)
{
    return join_names(vocab_adapters, vocab_adapter_count, sizeof vocab_adapters[0], out, out_len);
}

char *vocab_geography_list(char *out, size_t out_len)
{
    return join_names(vocab_geographies, vocab_geography_count, sizeof vocab_geographies[0], out, out_len);
}
