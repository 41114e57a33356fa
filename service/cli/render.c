#include "cli/render.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "cli/table.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const char *text_of(const json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text != NULL ? text : "-";
}

/* "<number> <unit>" with decimals, or "" when the member is not a number. */
static void print_figure(FILE *out, const char *prefix, const json_t *value, int decimals, const char *unit)
{
    char number[64];
    if (json_is_number(value))
        fprintf(out, "%s%s%s", prefix, table_number(value, decimals, number, sizeof number), unit);
}

static void print_requirements(FILE *out, const json_t *answer)
{
    const json_t *req = json_object_get(answer, "requirements");
    fprintf(out, "Needs");
    print_figure(out, " ", json_object_get(req, "gpu_memory_gb"), 1, " GB of GPU memory");
    fprintf(out, " at %s, bound by %s", text_of(req, "precision"),
            strcmp(text_of(req, "bound"), "memory_bandwidth") == 0 ? "memory bandwidth" : text_of(req, "bound"));
    if (json_is_number(json_object_get(req, "flops")))
        fprintf(out, ", %.3g FLOPs", json_number_value(json_object_get(req, "flops")));
    print_figure(out, ", on at most ", json_object_get(req, "max_nodes"), 0, " node(s)");
    fprintf(out, "; objective %s\n", text_of(answer, "objective"));
    fprintf(out, "  %s\n\n", text_of(req, "formula"));
}

/* Whether any recommendation has the member (a throughput, a job length) that earns its columns. */
static bool any_has(const json_t *recs, const char *key, const char *inner)
{
    for (size_t i = 0; i < json_array_size(recs); i++) {
        const json_t *value = json_object_get(json_array_get(recs, i), key);
        if (inner != NULL)
            value = json_object_get(value, inner);
        if (value != NULL && !json_is_null(value))
            return true;
    }
    return false;
}

static void print_picks(FILE *out, const json_t *recs)
{
    static const char *const headers[] = {"#",      "PROVIDER", "INSTANCE TYPE", "REGION", "PRICING", "NODES x GPUS",
                                          "GPU",    "$/H",      "HOURS",         "TOTAL $", "$/MTOK"};
    bool job = any_has(recs, "estimated_hours", NULL), served = any_has(recs, "throughput", "usd_per_million_tokens");
    size_t columns = served ? 11 : job ? 10 : 8;
    const char *cols[11];
    memcpy(cols, headers, sizeof cols);
    if (served && !job) { /* no job columns: the serving price moves next to the hourly one */
        cols[8] = headers[10];
        columns = 9;
    }
    cli_table t;
    table_init(&t, columns, cols, "rllllllrrrr");
    for (size_t i = 0; i < json_array_size(recs); i++) {
        const json_t *r = json_array_get(recs, i);
        char rank[16], shape[48], hourly[32], hours[32], total[32], mtok[32], count[24];
        snprintf(rank, sizeof rank, "%lld", (long long)json_integer_value(json_object_get(r, "rank")));
        snprintf(shape, sizeof shape, "%lld x %s", (long long)json_integer_value(json_object_get(r, "nodes")),
                 table_number(json_object_get(r, "gpu_count"), 0, count, sizeof count));
        if (json_number_value(json_object_get(r, "gpu_count")) < 1) /* a slice of one GPU */
            snprintf(shape, sizeof shape, "%lld x %s", (long long)json_integer_value(json_object_get(r, "nodes")),
                     table_number(json_object_get(r, "gpu_count"), 2, count, sizeof count));
        const char *row[11] = {rank, text_of(r, "provider"), text_of(r, "instance_type"), text_of(r, "region"),
                               text_of(r, "pricing"), shape, text_of(json_object_get(r, "gpu"), "id"),
                               table_usd(json_object_get(r, "hourly_usd"), hourly, sizeof hourly),
                               table_number(json_object_get(r, "estimated_hours"), 1, hours, sizeof hours),
                               table_usd(json_object_get(r, "estimated_total_usd"), total, sizeof total),
                               table_usd(json_object_get(json_object_get(r, "throughput"), "usd_per_million_tokens"),
                                         mtok, sizeof mtok)};
        if (served && !job)
            row[8] = row[10];
        table_add(&t, row);
    }
    table_print(&t, out, "");
    table_free(&t);
}

static void print_lines(FILE *out, const char *title, const json_t *lines, const cli_command *flags)
{
    if (json_array_size(lines) == 0)
        return;
    fprintf(out, "%s\n", title);
    for (size_t i = 0; i < json_array_size(lines); i++) {
        const char *line = json_string_value(json_array_get(lines, i));
        char shown[2048];
        if (flags != NULL)
            cli_flags_rewrite(flags, line != NULL ? line : "", shown, sizeof shown);
        else
            snprintf(shown, sizeof shown, "%s", line != NULL ? line : "");
        fprintf(out, "  %s\n", shown);
    }
}

/* One line per alternative: what changes, its pick and what it saves (the delta is in --json). */
static void print_alternatives(FILE *out, const json_t *alternatives)
{
    if (json_array_size(alternatives) == 0)
        return;
    fprintf(out, "Alternatives:\n");
    for (size_t i = 0; i < json_array_size(alternatives); i++) {
        const json_t *alt = json_array_get(alternatives, i);
        const json_t *pick = json_object_get(alt, "recommendation");
        char hourly[32], saving[48] = "";
        const json_t *saved = json_object_get(alt, "saving_usd");
        if (json_is_number(saved))
            snprintf(saving, sizeof saving, ", %s %.1f%% (%s)",
                     json_number_value(saved) >= 0 ? "saves" : "costs more by",
                     fabs(json_number_value(json_object_get(alt, "saving_fraction"))) * 100.0,
                     text_of(alt, "saving_basis"));
        fprintf(out, "  %s %s/%s %s %s, %lld node(s), %s/h%s\n", text_of(alt, "description"), text_of(pick, "provider"),
                text_of(pick, "instance_type"), text_of(pick, "region"), text_of(pick, "pricing"),
                (long long)json_integer_value(json_object_get(pick, "nodes")),
                table_usd(json_object_get(pick, "hourly_usd"), hourly, sizeof hourly), saving);
    }
}

void render_recommend(FILE *out, const json_t *answer, const cli_command *flags)
{
    const json_t *recs = json_object_get(answer, "recommendations");
    print_requirements(out, answer);
    if (json_array_size(recs) > 0) {
        print_picks(out, recs);
        const json_t *top = json_array_get(recs, 0);
        fputc('\n', out);
        print_lines(out, "Why #1:", json_object_get(top, "reasons"), NULL);
        print_lines(out, "Warnings for #1:", json_object_get(top, "warnings"), NULL);
        print_alternatives(out, json_object_get(answer, "alternatives"));
    } else {
        fprintf(out, "No instance fits.\n");
        print_lines(out, "Hints:", json_object_get(answer, "hints"), flags);
        const json_t *rejected = json_object_get(answer, "rejected");
        const char *reason;
        const json_t *count;
        const char *separator = "Rejected offers: ";
        json_object_foreach((json_t *)rejected, reason, count) {
            fprintf(out, "%s%s %lld", separator, reason, (long long)json_integer_value(count));
            separator = ", ";
        }
        if (json_object_size(rejected) > 0)
            fputc('\n', out);
    }
    print_lines(out, "Warnings for the whole answer:", json_object_get(answer, "warnings"), NULL);
    fprintf(out, "%lld offers considered; catalog %s\n", (long long)json_integer_value(json_object_get(answer, "considered")),
            text_of(answer, "catalog_version"));
}

/* One pricing model's row of an item or of the totals. */
/* A commitment's saving is its whole terms against on-demand over the same job (negative when it costs more), and it
 * pays after break_even_utilisation_pct of its term, in months of 730 hours; the hourly discount is the last column. */
static void add_pricing_row(cli_table *t, const char *model, const json_t *entry)
{
    char hourly[32], monthly[32], total[32], savings[32], months[32], committed[32], discount[32];
    const json_t *committed_saving = json_object_get(entry, "commitment_savings_vs_on_demand_pct");
    const json_t *even = json_object_get(entry, "break_even_utilisation_pct");
    const json_t *term = json_object_get(entry, "commitment_term_hours");
    json_t *pays = json_is_number(even) && json_is_integer(term)
                       ? json_real(json_number_value(even) / 100.0 * (double)json_integer_value(term) / 730.0)
                       : json_null();
    const char *row[8] = {
        model,
        table_usd(json_object_get(entry, "hourly_usd"), hourly, sizeof hourly),
        table_usd(json_object_get(entry, "monthly_usd"), monthly, sizeof monthly),
        table_usd(json_object_get(entry, "total_usd"), total, sizeof total),
        table_usd(json_object_get(entry, "commitment_total_usd"), committed, sizeof committed),
        table_number(json_is_number(committed_saving) ? committed_saving
                                                      : json_object_get(entry, "savings_vs_on_demand_pct"),
                     2, savings, sizeof savings),
        table_number(pays, 1, months, sizeof months),
        table_number(json_object_get(entry, "savings_vs_on_demand_pct"), 2, discount, sizeof discount)};
    table_add(t, row);
    json_decref(pays);
}

/* The models with a price side by side, then those without one and why (a reason is too long for a column). */
static void print_pricing(FILE *out, const json_t *by_pricing, const json_t *order)
{
    static const char *const headers[] = {"PRICING", "$/H", "MONTHLY $", "TOTAL $", "COMMITTED $", "SAVES %",
                                          "PAYS AFTER MO", "HOURLY %"};
    cli_table t;
    table_init(&t, COUNT_OF(headers), headers, "lrrrrrrr");
    for (size_t m = 0; m < json_array_size(order); m++) {
        const char *model = json_string_value(json_array_get(order, m));
        const json_t *entry = json_object_get(by_pricing, model);
        if (json_is_true(json_object_get(entry, "available")))
            add_pricing_row(&t, model, entry);
    }
    if (t.rows > 0)
        table_print(&t, out, "  ");
    table_free(&t);
    for (size_t m = 0; m < json_array_size(order); m++) {
        const char *model = json_string_value(json_array_get(order, m));
        const json_t *entry = json_object_get(by_pricing, model);
        if (!json_is_true(json_object_get(entry, "available")))
            fprintf(out, "  %s: not available: %s\n", model, text_of(entry, "reason"));
    }
}

void render_estimate(FILE *out, const json_t *answer)
{
    const json_t *items = json_object_get(answer, "items"), *order = json_object_get(answer, "pricing");
    for (size_t i = 0; i < json_array_size(items); i++) {
        const json_t *item = json_array_get(items, i);
        const json_t *gpu = json_object_get(item, "gpu");
        char gpus[24], used[24];
        fprintf(out, "%s%s %s in %s, %lld instance(s) of %s x %s", i > 0 ? "\n" : "", text_of(item, "provider"),
                text_of(item, "instance_type"), text_of(item, "region"),
                (long long)json_integer_value(json_object_get(item, "count")),
                table_number(json_object_get(gpu, "count"), json_number_value(json_object_get(gpu, "count")) < 1 ? 2 : 0,
                             gpus, sizeof gpus),
                text_of(gpu, "name"));
        if (json_object_get(item, "months") != NULL)
            fprintf(out, ", %lld month(s) at %lld h", (long long)json_integer_value(json_object_get(item, "months")),
                    (long long)json_integer_value(json_object_get(item, "hours_per_month")));
        else
            fprintf(out, ", %lld hour(s)", (long long)json_integer_value(json_object_get(item, "hours")));
        fprintf(out, ": %lld of %lld hours used (%s%%)\n",
                (long long)json_integer_value(json_object_get(item, "usage_hours")),
                (long long)json_integer_value(json_object_get(item, "period_hours")),
                table_number(json_object_get(item, "utilisation_pct"), 2, used, sizeof used));
        print_pricing(out, json_object_get(item, "by_pricing"), order);
    }
    if (json_array_size(items) > 1) {
        const json_t *totals = json_object_get(answer, "totals");
        fprintf(out, "\nTotals, %lld instances:\n", (long long)json_integer_value(json_object_get(totals, "count")));
        print_pricing(out, json_object_get(totals, "by_pricing"), order);
    }
    fprintf(out, "USD; a commitment bills every hour of its terms (COMMITTED $); catalog %s\n",
            text_of(answer, "catalog_version"));
}

static void print_list_end(FILE *out, const json_t *answer, const char *what)
{
    fprintf(out, "%lld %s; catalog %s\n", (long long)json_integer_value(json_object_get(answer, "total")), what,
            text_of(answer, "catalog_version"));
}

void render_models(FILE *out, const json_t *answer)
{
    static const char *const headers[] = {"ID",      "FAMILY", "PARAMS B", "ACTIVE B", "ATTENTION",
                                          "KV HEADS", "LAYERS", "CONTEXT",  "LICENSE"};
    const json_t *items = json_object_get(answer, "items");
    cli_table t;
    table_init(&t, COUNT_OF(headers), headers, "llrrlrrrl");
    for (size_t i = 0; i < json_array_size(items); i++) {
        const json_t *m = json_array_get(items, i);
        char params[32], active[32], kv[16], layers[16], context[24];
        const char *row[9] = {text_of(m, "id"), text_of(m, "family"),
                              table_number(json_object_get(m, "params_b"), 1, params, sizeof params),
                              table_number(json_object_get(m, "active_params_b"), 1, active, sizeof active),
                              text_of(m, "attention"),
                              table_number(json_object_get(m, "kv_heads"), 0, kv, sizeof kv),
                              table_number(json_object_get(m, "layers"), 0, layers, sizeof layers),
                              table_number(json_object_get(m, "max_context"), 0, context, sizeof context),
                              text_of(m, "license")};
        table_add(&t, row);
    }
    table_print(&t, out, "");
    table_free(&t);
    print_list_end(out, answer, "models");
}

void render_gpus(FILE *out, const json_t *answer)
{
    static const char *const headers[] = {"ID",      "VENDOR", "ARCHITECTURE", "MEMORY GB", "GB/S", "FP64",
                                          "FP32",    "BF16",   "FP8",          "TDP W",     "ECC"};
    const json_t *items = json_object_get(answer, "items");
    cli_table t;
    table_init(&t, COUNT_OF(headers), headers, "lllrrrrrrrl");
    for (size_t i = 0; i < json_array_size(items); i++) {
        const json_t *g = json_array_get(items, i);
        char memory[24], bandwidth[24], fp64[24], fp32[24], bf16[24], fp8[24], tdp[24];
        const char *row[11] = {text_of(g, "id"), text_of(g, "vendor"), text_of(g, "architecture"),
                               table_number(json_object_get(g, "memory_gb"), 0, memory, sizeof memory),
                               table_number(json_object_get(g, "memory_bandwidth_gb_per_s"), 0, bandwidth,
                                            sizeof bandwidth),
                               table_number(json_object_get(g, "fp64_tflops"), 1, fp64, sizeof fp64),
                               table_number(json_object_get(g, "fp32_tflops"), 1, fp32, sizeof fp32),
                               table_number(json_object_get(g, "bf16_tflops"), 1, bf16, sizeof bf16),
                               table_number(json_object_get(g, "fp8_tflops"), 1, fp8, sizeof fp8),
                               table_number(json_object_get(g, "tdp_watts"), 0, tdp, sizeof tdp),
                               json_is_true(json_object_get(g, "ecc")) ? "yes" : "no"};
        table_add(&t, row);
    }
    table_print(&t, out, "");
    table_free(&t);
    print_list_end(out, answer, "GPUs; tensor TFLOPS dense, without sparsity");
}
