/* One writer, many readers: the publication of catalog snapshots (`gpurec publish DIR`).
 *
 * A publication is a folder (a shared volume, or one synchronised to a bucket any static server serves) that holds
 * immutable snapshot files, catalog-<version>-<sha256 prefix>.db (store/snapshot_file.h), and manifest.json, which
 * names the current one and is always written last (a new file renamed over the old one), so a reader sees either the
 * old manifest or the new one, and the file either names exists whole:
 *
 *   {"format": 1, "version": "<16 hex: the catalog's content hash>", "file": "catalog-....db",
 *    "sha256": "<64 hex of the file>", "bytes": N, "schema_version": <highest migration in the file>,
 *    "published_at": "<UTC>", "serve_from": "<UTC>", "publisher": "<name>",
 *    "providers": [{"id", "status", "last_success_at", "last_attempt_at", "error", "price_rows"}, ...]}
 *
 * serve_from is published_at plus GPUREC_PUBLISH_DELAY: replicas that polled and loaded the snapshot before then all
 * start serving it at that instant, together, so that no replica hands out cursors and tags of a catalog another one
 * cannot answer yet. Replicas follow it with service/worker/replica.h. */
#ifndef GPUREC_PUBLISH_H
#define GPUREC_PUBLISH_H

#include <stddef.h>
#include <time.h>

#include "base/config.h"

#define PUBLISH_MANIFEST "manifest.json"
#define PUBLISH_FORMAT 1
/* snapshot files kept in a publication besides the current one, for replicas a few publications behind */
#define PUBLISH_KEEP_FILES 6

typedef struct publish_manifest {
    char version[17];
    char file[128];
    char sha256[65];
    long long bytes;
    long schema_version;
    char published_at[32];
    char serve_from[32];
    time_t published_at_s;
    time_t serve_from_s;
    char publisher[128];
} publish_manifest;

/* Reads a manifest document. 0, or -1 with a message naming the bad member in err. */
int publish_manifest_parse(const char *text, size_t len, publish_manifest *m, char *err, size_t err_len);

/* The SHA-256 of a file's bytes (lowercase hex) and its size. 0, or -1 when it cannot be read. */
int publish_hash_file(const char *path, char hex[65], long long *bytes);

/* Publishes cfg->db_path to cfg->publish_dir: the snapshot file, then the manifest, then old files pruned. *out (may
 * be NULL) receives the manifest written. 0, or -1 with a message in err (nothing is changed for replicas then). */
int publish_run(const config *cfg, publish_manifest *out, char *err, size_t err_len);

#endif
