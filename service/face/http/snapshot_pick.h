/* Which catalog snapshot a request reads.
 *
 * Normally the published one. A request that names another snapshot the daemon still holds reads that one instead:
 * a page cursor ("<offset>.<version>") is answered from the snapshot it was issued for, as long as it is kept
 * (catalog_set_grace), so a walk that began before a new catalog was published ends on the catalog it began on, on any
 * replica that holds it; an If-None-Match naming the staged snapshot (a replica about to serve it, while another one
 * already does) is answered from it. A version the daemon does not hold falls back to the published snapshot, and the
 * handlers then answer as before (a cursor of a catalog no longer held is a 400). */
#ifndef GPUREC_SNAPSHOT_PICK_H
#define GPUREC_SNAPSHOT_PICK_H

#include "face/http/reply.h"

/* A reference to the snapshot req reads (NULL before the first catalog is loaded); the caller releases it with
 * catalog_release(). */
catalog *snapshot_pick(const http_request *req);

#endif
