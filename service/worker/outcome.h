/* What one price refresh run or import did: its counts and, when it failed, why. Plain data, filled by
 * worker/refresh.c and read by the face (POST /v1/admin/import answers with it) and the command line; it reaches no
 * SQLite and no store/ header, so the face may include it through worker/worker.h. */
#ifndef GPUREC_OUTCOME_H
#define GPUREC_OUTCOME_H

#include <stddef.h>

/* How a run or an import ended: what callers switch on (error is the text for people, never classified by its
 * words). */
typedef enum refresh_code {
    REFRESH_OK = 0,         /* applied, in full or partly, or found nothing changed */
    REFRESH_BUSY,           /* worker_import only: the feed adapter is running or queued; nothing was tried */
    REFRESH_BAD_DOCUMENT,   /* an imported document, or one of its rows, is malformed: error names it */
    REFRESH_NO_VALID_PRICE, /* no row passed validation (all rejected, stale or skipped): nothing applied */
    REFRESH_DATABASE_BUSY,  /* an import gave up: another connection held the database's write lock for
                             * REFRESH_IMPORT_LOCK_WAIT_MS; nothing applied */
    REFRESH_FAILED          /* anything else (the fetch, the database, shutdown, an adapter that is off): nothing
                             * applied */
} refresh_code;

/* How long an import waits for another connection's write lock (`gpurec refresh` elsewhere, a backup) before it
 * gives up with REFRESH_DATABASE_BUSY: POST /v1/admin/import holds a request thread meanwhile, and answers 503 with
 * Retry-After then. */
#define REFRESH_IMPORT_LOCK_WAIT_MS 5000L

/* A rejected feed row, named by its place in its document: field "prices[3].hourly", and why. */
typedef struct refresh_named {
    char field[48];
    char message[200];
} refresh_named;

/* Rejected feed rows named per run (the rest are counted). */
#define REFRESH_NAMED 8

typedef struct refresh_outcome {
    refresh_code code;
    char status[12];       /* "ok", "partial" (some parts failed, the rest applied), "unchanged" or "error" */
    size_t rows_seen;      /* records the adapter looked at */
    size_t rows_kept;      /* price rows the adapter produced */
    size_t rows_applied;   /* rows written (upserted) */
    size_t rows_changed;   /* rows whose price changed (a price_history row each) */
    size_t rows_rejected;  /* rows refused by validation */
    size_t rows_skipped;   /* rows for instance types or regions the catalog lacks, duplicates, expired rows, and
                            * records an adapter skips on purpose (Azure's 5 and 10 year reservations) */
    size_t rows_stale;     /* rows older (by effective date) than the refreshed price they would replace */
    size_t rows_expired;   /* rows whose effective end has passed (also in rows_skipped) */
    size_t fx_changed;     /* exchange rates written (the fx adapter) */
    size_t failed_part_count;
    char failed_parts[1024]; /* JSON array of the parts that failed ("[]" when none) */
    double fetch_s;        /* time fetching and parsing */
    double apply_s;        /* time validating and applying */
    double duration_s;
    char error[512];       /* "" unless status is "error"; code says which kind of failure */
    refresh_named named[REFRESH_NAMED]; /* the first rejected rows of a feed document, by place (prices[3].hourly) */
    size_t named_count;
} refresh_outcome;

#endif
