/* Validation of a refresh run's rows, the same for every adapter: a price must be for an instance type and region the
 * catalog has (else the row is skipped, not rejected), positive and finite, in a currency of the fx rates, not
 * effective in the future, at most REFRESH_MAX_USD_PER_GPU_HOUR, and within a factor of REFRESH_MAX_JUMP both of the
 * price it replaces and of its anchor, the price as it stood REFRESH_ANCHOR_DAYS before the run (checked while
 * applying). Rejected rows are counted, the first few logged, and those of a feed document named by their place in it
 * (prices[3].hourly). A row whose effective end (effective_end_at) has passed is skipped and counted as expired: it is
 * not stored. */
#ifndef GPUREC_VALIDATE_H
#define GPUREC_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "snapshot/catalog.h"
#include "store/prices_apply.h"
#include "worker/outcome.h"
#include "worker/providers/provider.h"

/* A price moving by more than this factor either way against the stored one is taken for a parsing or feed error
 * (a unit slip such as a monthly or per-term total read as hourly is a factor of 730 or more). */
#define REFRESH_MAX_JUMP 5.0
/* Above this per GPU and hour (in USD at the stored fx rate) a price is absurd whatever it replaces: the dearest list
 * prices are about 12 USD per GPU-hour (8 x H100: AWS p5.48xlarge 98.32 USD/h, Azure ND96isr_H100_v5 98.32 USD/h,
 * from their pricing pages in 2024), so this leaves a margin of 8 for newer parts. */
#define REFRESH_MAX_USD_PER_GPU_HOUR 100.0
/* The jump guard's anchor: the price as it stood this many days before the run (or the oldest on record, for a key
 * whose history is younger; the seed's price, for a seeded one). Checked against the stored price alone, steps that
 * each pass add up (three imports in a row took g5.xlarge from 1.006 to 37.50 USD/h); against the anchor as well, a
 * price moves at most REFRESH_MAX_JUMP either way within any REFRESH_ANCHOR_DAYS, however many runs it is split over.
 * Real moves are far smaller: AWS's largest GPU cut, in June 2025, took P5 (H100) on-demand prices down by up to 45 %,
 * a factor of 1.8 (https://www.usage.ai/blogs/aws/ai-ml-cost/llm-cost-optimization-aws/, "The GPU Instance Price
 * Reductions Most Teams Missed", read 2026-12). */
#define REFRESH_ANCHOR_DAYS 30

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
    refresh_named named[REFRESH_NAMED]; /* the first rejected feed rows (price_row.item >= 0), by place */
    size_t named_count;
} validation;

/* Keeps the batch's valid rows, one per key, sorted by key: the higher rank (the later feed), then the later row of
 * one feed document (price_row.item: the last wins, as across feeds), then the later effective_at. Effective dates
 * are normalised (an empty one becomes now). */
void validate_rows(validation *v, price_batch *batch);

/* The jump guard, a store_price_check with a validation as ctx: false (logged, and named for a feed row) when row
 * moves more than REFRESH_MAX_JUMP against the stored price or against the anchor, compared in USD at the catalog's
 * fx rates when their currencies differ. */
bool validate_jump(void *ctx, const price_row *row, const store_price_ref *stored, const store_price_ref *anchor);

#endif
