/* A read-only replica: follows a publication (worker/publish.h) from a folder or an http(s) URL.
 *
 * A thread looks at the manifest every GPUREC_CATALOG_POLL_INTERVAL seconds (over HTTP with If-None-Match, so an
 * unchanged manifest costs a 304). When it names a snapshot file this replica does not serve, the file is copied into
 * a folder beside GPUREC_DB (<db>.snapshots/), its size and SHA-256 are checked against the manifest, it is opened
 * read-only and immutable (store/snapshot_file.h: no log beside it can ever be applied), its integrity, its schema
 * version and the version of the catalog built from it are checked, and the catalog is staged: it is published at
 * the manifest's serve_from, or at once when that has passed. Anything wrong leaves the last good catalog served and
 * is counted and said in /metrics (replica_status). The thread owns the replica's files; the status is read by any
 * thread under a lock of its own. */
#ifndef GPUREC_REPLICA_H
#define GPUREC_REPLICA_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "base/config.h"

typedef struct replica replica;

/* Loads the publication once in the calling thread (a failure is counted, not fatal: the caller's catalog stays),
 * then starts the thread. schema_version is the one this service reads (its own migrated database's). Caller stops
 * it with replica_stop(). 0, or -1 with a message in err. */
int replica_start(const config *cfg, long schema_version, replica **out, char *err, size_t err_len);
/* Stops and joins the thread. Accepts NULL. */
void replica_stop(replica *r);

typedef struct replica_status {
    char source[512];
    char publisher[128];          /* from the last manifest read, "" before one */
    char served_version[17];      /* "" while the daemon's own catalog is served (no publication loaded yet) */
    char served_file[128];
    char published_version[17];   /* the manifest's, "" before one was read */
    char published_file[128];
    char last_error[512];         /* the last failed look or load, "" when the last one succeeded */
    time_t served_published_at;   /* when the publication naming the served file was last written; 0 before */
    time_t published_serve_from;
    double served_since;          /* when this replica began serving the served file (epoch seconds), 0 before */
    time_t started_at;
    unsigned long long polls;          /* looks at the manifest */
    unsigned long long reloads;        /* snapshots loaded and staged or published */
    unsigned long long reload_failures; /* looks or loads that failed */
    bool failing;                 /* the last look or load failed */
} replica_status;

/* A copy of the replica's state now. */
void replica_get_status(const replica *r, replica_status *out);
/* The snapshot file the replica serves now into path (for reads that go to the file, such as price history); false
 * while the daemon's own database is served. */
bool replica_served_path(const replica *r, char *path, size_t path_len);
/* Seconds since the served catalog's publication was last confirmed (since start when none was loaded). */
long long replica_catalog_age_s(const replica_status *st, time_t now);

#endif
