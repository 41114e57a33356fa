#include "face/metrics.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"
#include "worker/worker.h"

static long resident_bytes(void)
{
    long pages_total = 0, pages_resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL)
        return -1;
    int fields = fscanf(statm, "%ld %ld", &pages_total, &pages_resident);
    fclose(statm);
    return fields == 2 ? pages_resident * sysconf(_SC_PAGESIZE) : -1;
}

static void render_catalog(const catalog *snap, bytebuf *b)
{
    buf_printf(b, "# HELP gpurec_catalog_info The published catalog's version.\n# TYPE gpurec_catalog_info gauge\n"
              "gpurec_catalog_info{version=\"%s\"} 1\n",
           snap->version);
    buf_printf(b, "# HELP gpurec_catalog_items Items in the published catalog, by kind.\n"
              "# TYPE gpurec_catalog_items gauge\n"
              "gpurec_catalog_items{kind=\"providers\"} %zu\ngpurec_catalog_items{kind=\"regions\"} %zu\n"
              "gpurec_catalog_items{kind=\"gpus\"} %zu\ngpurec_catalog_items{kind=\"instance_types\"} %zu\n"
              "gpurec_catalog_items{kind=\"offers\"} %zu\ngpurec_catalog_items{kind=\"prices\"} %zu\n",
           snap->provider_count, snap->region_count, snap->gpu_count, snap->instance_count, snap->offer_count,
           snap->price_count);
    buf_printf(b, "# HELP gpurec_provider_price_rows Prices per provider in the published catalog.\n"
              "# TYPE gpurec_provider_price_rows gauge\n");
    for (size_t i = 0; i < snap->provider_count; i++)
        buf_printf(b, "gpurec_provider_price_rows{provider=\"%s\"} %zu\n", snap->providers[i].id,
               snap->providers[i].price_rows);
    buf_printf(b, "# HELP gpurec_provider_refresh_partial Whether the provider's last refresh applied only some parts.\n"
              "# TYPE gpurec_provider_refresh_partial gauge\n");
    for (size_t i = 0; i < snap->provider_count; i++) {
        const char *e = snap->providers[i].last_error;
        buf_printf(b, "gpurec_provider_refresh_partial{provider=\"%s\"} %d\n", snap->providers[i].id,
                   e != NULL && strncmp(e, "partial: ", 9) == 0 ? 1 : 0);
    }
    buf_printf(b, "# HELP gpurec_provider_last_success_timestamp_seconds When the provider's prices last refreshed.\n"
              "# TYPE gpurec_provider_last_success_timestamp_seconds gauge\n");
    for (size_t i = 0; i < snap->provider_count; i++) {
        time_t when = 0;
        if (snap->providers[i].last_success_at != NULL)
            util_parse_time(snap->providers[i].last_success_at, &when);
        buf_printf(b, "gpurec_provider_last_success_timestamp_seconds{provider=\"%s\"} %lld\n", snap->providers[i].id,
               (long long)when);
    }
}

static void render_worker(const struct worker *w, bytebuf *b)
{
    worker_provider_stats stats[CONFIG_MAX_LIST];
    size_t count = worker_stats(w, stats, CONFIG_MAX_LIST);
    if (count > CONFIG_MAX_LIST)
        count = CONFIG_MAX_LIST;
    static const struct { const char *name, *help; size_t offset; } counters[] = {
        {"gpurec_refresh_runs_total", "Price refresh runs finished.", offsetof(worker_provider_stats, runs)},
        {"gpurec_refresh_failures_total", "Price refresh runs that failed and were rolled back.",
         offsetof(worker_provider_stats, failures)},
        {"gpurec_refresh_rows_applied_total", "Price rows written by successful refresh runs.",
         offsetof(worker_provider_stats, rows_applied)},
        {"gpurec_refresh_rows_rejected_total", "Price rows refused by validation.",
         offsetof(worker_provider_stats, rows_rejected)},
        {"gpurec_refresh_partial_total", "Price refresh runs that applied only some parts (others failed).",
         offsetof(worker_provider_stats, partials)},
        {"gpurec_refresh_rows_stale_total", "Price rows refused for being older than the stored price.",
         offsetof(worker_provider_stats, rows_stale)},
    };
    for (size_t c = 0; c < sizeof counters / sizeof counters[0]; c++) {
        buf_printf(b, "# HELP %s %s\n# TYPE %s counter\n", counters[c].name, counters[c].help, counters[c].name);
        for (size_t i = 0; i < count; i++)
            buf_printf(b, "%s{provider=\"%s\"} %llu\n", counters[c].name, stats[i].provider,
                   *(const unsigned long long *)((const char *)&stats[i] + counters[c].offset));
    }
    buf_printf(b, "# HELP gpurec_refresh_running Whether a provider's refresh is running now.\n"
              "# TYPE gpurec_refresh_running gauge\n");
    for (size_t i = 0; i < count; i++)
        buf_printf(b, "gpurec_refresh_running{provider=\"%s\"} %d\n", stats[i].provider, stats[i].running ? 1 : 0);
    buf_printf(b, "# HELP gpurec_refresh_last_duration_seconds How long the provider's last refresh run took.\n"
              "# TYPE gpurec_refresh_last_duration_seconds gauge\n");
    for (size_t i = 0; i < count; i++)
        buf_printf(b, "gpurec_refresh_last_duration_seconds{provider=\"%s\"} %.3f\n", stats[i].provider,
               stats[i].last_duration_s);
}

char *metrics_render(const metrics *m, const catalog *snap, const struct worker *w, size_t *len)
{
    bytebuf b;
    buf_init(&b, 16384);
    if (m != NULL)
        metrics_render_requests(m, &b);
    if (snap != NULL)
        render_catalog(snap, &b);
    if (w != NULL)
        render_worker(w, &b);
    long rss = resident_bytes();
    buf_printf(&b, "# HELP gpurec_process_resident_memory_bytes Resident memory of the process.\n"
               "# TYPE gpurec_process_resident_memory_bytes gauge\ngpurec_process_resident_memory_bytes %ld\n",
           rss);
    buf_printf(&b, "# HELP gpurec_process_start_time_seconds When the process started.\n"
               "# TYPE gpurec_process_start_time_seconds gauge\ngpurec_process_start_time_seconds %lld\n",
           (long long)(m ? metrics_started_at(m) : 0));
    return buf_finish(&b, len);
}
