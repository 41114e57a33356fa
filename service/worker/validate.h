/* Validation of a refresh run's rows, the same for every adapter: a price must be for an instance type and region the
 * catalog has (else the row is skipped, not rejected), positive and finite, in a currency of the fx rates, not
 * effective in the future, at most REFRESH_MAX_USD_PER_GPU_HOUR, and within a factor of REFRESH_MAX_JUMP of the price
 * it replaces (checked while applying, against the stored price). Rejected rows are counted, the first few logged.
 * A row whose effective end (effective_end_at) has passed is skipped and counted as expired: it is not stored. */
#ifndef GPUREC_VALIDATE_H
#define GPUREC_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "snapshot/catalog.h"
#include "store/prices_apply.h"
#include "worker/providers/provider.h"

/* A price moving by more than this factor either way against the stored one is taken for a parsing or feed error
 * (a unit slip such as a monthly or per-term total read as hourly is a factor of 730 or more). */
#define REFRESH_MAX_JUMP 5.0
/* Above this per GPU and hour (in USD at the stored fx rate) a price is absurd whatever it replaces: the dearest list
 * prices are about 12 USD per GPU-hour (8 x H100: AWS p5.48xlarge 98.32 USD/h, Azure ND96isr_H100_v5 98.32 USD/h,
 * from their pricing pages in 2024), so this leaves a margin of 8 for newer parts. */
#define REFRESH_MAX_USD_PER_GPU_HOUR 100.0

typedef struct validation {
    const char *adapter;
    const provider_run *run;      /* the instance types and regions the rows may name */
    const catalog *snap;          /* the fx rates */
    time_t now;
    store_run_records *records;   /* rejected rows counted per provider */
    size_t logged;                /* rejected rows named in the log so far */
    size_t rejected;
    size_t skipped;               /* unknown instance type or region, a duplicate key, or expired */
    size_t expired;               /* rows whose effective end has passed (also in skipped) */
} validation;

/* Keeps the batch's valid rows, one per key (the higher rank, then the later effective_at), sorted by key; effective
 * dates are normalised (an empty one becomes now). */
void validate_rows(validation *v, price_batch *batch);

/* The jump guard, a store_price_check with a validation as ctx: false (logged) when row moves more than
 * REFRESH_MAX_JUMP against stored_hourly. */
bool validate_jump(void *ctx, const price_row *row, double stored_hourly);

#endif
