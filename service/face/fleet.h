/* What a daemon shows its fleet: refused connections in /metrics, and in a replica (GPUREC_CATALOG_SOURCE, worker/replica.h), the admin writes it refuses,
 * its readiness by the age of the catalog it serves, and the replica's figures in /metrics. */
#ifndef GPUREC_FLEET_H
#define GPUREC_FLEET_H

#include "base/buf.h"
#include "face/app.h"
#include "face/http/reply.h"

/* A 409 naming the publisher when the daemon is a replica (admin writes go to the publisher), else NULL. Caller
 * owns the problem. */
problem *fleet_refuse_admin_write(const app *application);
/* A 503 when the daemon is a replica whose catalog's publication is older than GPUREC_CATALOG_MAX_AGE, else NULL. */
problem *fleet_readiness_problem(const app *application);
/* Connections refused by each cap, and in a replica its figures (served and published version, catalog age, reloads
 * and their failures). */
void fleet_render_metrics(const app *application, bytebuf *b);

#endif
