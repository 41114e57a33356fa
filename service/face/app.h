/* What the daemon shares with the handlers of the API's resources (req->app): the configuration, the refresh worker,
 * the request counters and the reader of price history. Made once by main.c (or a test) before the server starts;
 * the config is immutable, the worker and the counters are thread-safe, draining is atomic. The HTTP machinery
 * (face/http/) carries it to handlers without looking inside. */
#ifndef GPUREC_APP_H
#define GPUREC_APP_H

#include <stdatomic.h>

#include "base/config.h"
#include "face/history.h"
#include "face/http/address_caps.h"
#include "face/http/request_metrics.h"

struct worker;
struct replica;

typedef struct app {
    const config *cfg;
    struct worker *worker;       /* NULL when the daemon runs without one (tests of the catalog alone) */
    struct replica *replica;     /* NULL unless the daemon follows a publication (GPUREC_CATALOG_SOURCE) */
    address_caps *caps;          /* the connection caps the server keeps (made by main.c); /metrics reads their refusals */
    metrics *metrics;            /* NULL when metrics are off */
    history_reader read_history; /* the store's reader of price history; NULL: the history endpoint answers 503 */
    atomic_bool draining;        /* set at shutdown: /readyz answers 503 */
} app;

#endif
