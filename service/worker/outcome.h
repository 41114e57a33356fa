/* What one price refresh run or import did: its counts and, when it failed, why. Plain data, filled by
 * worker/refresh.c and read by the face (POST /v1/admin/import answers with it) and the command line; it reaches no
 * SQLite and no store/ header, so the face may include it through worker/worker.h. */
#ifndef GPUREC_OUTCOME_H
#define GPUREC_OUTCOME_H

#include <stddef.h>

typedef struct refresh_outcome {
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
    char error[512];       /* "" unless status is "error" */
} refresh_outcome;

#endif
