#include "face/fleet.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "face/http/address_caps.h"
#include "worker/replica.h"

problem *fleet_refuse_admin_write(const app *application)
{
    if (application->replica == NULL)
        return NULL;
    replica_status st;
    replica_get_status(application->replica, &st);
    char *query = strchr(st.source, '?'); /* a signed URL's query is a credential: never shown */
    if (query != NULL)
        *query = '\0';
    return problem_new(409, "read-only-replica", "Read-only replica",
                       "This daemon is a replica: it serves the catalog published at %s%s%s and changes no prices "
                       "itself. Refresh or import prices where the catalog is published (gpurec refresh, then gpurec "
                       "publish: the refresh CronJob), and every replica loads the result.",
                       st.source, st.publisher[0] != '\0' ? " by " : "", st.publisher);
}

problem *fleet_readiness_problem(const app *application)
{
    unsigned limit = application->cfg->catalog_max_age_s;
    if (application->replica == NULL || limit == 0)
        return NULL;
    replica_status st;
    replica_get_status(application->replica, &st);
    long long age = replica_catalog_age_s(&st, util_now());
    if (age <= (long long)limit)
        return NULL;
    return problem_new(503, "catalog-too-old", "Service Unavailable",
                       "The catalog this replica serves was published %lld s ago, more than GPUREC_CATALOG_MAX_AGE "
                       "(%u s): it cannot load a newer one from %s (%s).",
                       age, limit, st.source, st.last_error[0] != '\0' ? st.last_error : "no publication found");
}

void fleet_render_metrics(const app *application, bytebuf *b)
{
    if (application->caps != NULL)
        buf_printf(b, "# HELP gpurec_connections_refused_total Connections refused by a cap: per_address "
                      "(GPUREC_MAX_CONNECTIONS_PER_IP) or total (GPUREC_MAX_CONNECTIONS and the probes' reserve).\n"
                      "# TYPE gpurec_connections_refused_total counter\n"
                      "gpurec_connections_refused_total{cap=\"per_address\"} %llu\n"
                      "gpurec_connections_refused_total{cap=\"total\"} %llu\n",
                   caps_refused(application->caps, CAP_PER_ADDRESS), caps_refused(application->caps, CAP_TOTAL));
    if (application->replica == NULL)
        return;
    replica_status st;
    replica_get_status(application->replica, &st);
    buf_printf(b, "# HELP gpurec_catalog_served_info The published catalog this replica serves (version and file; "
                  "empty while it serves its own database).\n# TYPE gpurec_catalog_served_info gauge\n"
                  "gpurec_catalog_served_info{version=\"%s\",file=\"%s\"} 1\n",
               st.served_version, st.served_file);
    buf_printf(b, "# HELP gpurec_catalog_served_since_timestamp_seconds When this replica began serving it.\n"
                  "# TYPE gpurec_catalog_served_since_timestamp_seconds gauge\n"
                  "gpurec_catalog_served_since_timestamp_seconds %.3f\n",
               st.served_since);
    buf_printf(b, "# HELP gpurec_catalog_published_info The catalog the publication's manifest names now.\n"
                  "# TYPE gpurec_catalog_published_info gauge\ngpurec_catalog_published_info{version=\"%s\",file=\"%s\"} 1\n",
               st.published_version, st.published_file);
    buf_printf(b, "# HELP gpurec_catalog_age_seconds Since the served catalog's publication was last confirmed.\n"
                  "# TYPE gpurec_catalog_age_seconds gauge\ngpurec_catalog_age_seconds %lld\n",
               replica_catalog_age_s(&st, util_now()));
    buf_printf(b, "# HELP gpurec_catalog_polls_total Looks at the publication's manifest.\n"
                  "# TYPE gpurec_catalog_polls_total counter\ngpurec_catalog_polls_total %llu\n",
               st.polls);
    buf_printf(b, "# HELP gpurec_catalog_reloads_total Published catalogs loaded.\n"
                  "# TYPE gpurec_catalog_reloads_total counter\ngpurec_catalog_reloads_total %llu\n",
               st.reloads);
    buf_printf(b, "# HELP gpurec_catalog_reload_failures_total Looks or loads that failed (the served catalog "
                  "stayed).\n# TYPE gpurec_catalog_reload_failures_total counter\n"
                  "gpurec_catalog_reload_failures_total %llu\n",
               st.reload_failures);
    buf_printf(b, "# HELP gpurec_catalog_reload_failing Whether the last look or load failed.\n"
                  "# TYPE gpurec_catalog_reload_failing gauge\ngpurec_catalog_reload_failing %d\n",
               st.failing ? 1 : 0);
}
