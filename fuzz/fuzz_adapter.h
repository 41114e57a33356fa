/* The common body of the price adapter targets: run one adapter's real fetch-and-parse code over documents served by
 * the fetch stand-in, then check what it produced. An adapter may fail on any input, but only with a message, and a
 * success must hand back rows whose strings are terminated and whose model is valid. */
#ifndef GPUREC_FUZZ_ADAPTER_H
#define GPUREC_FUZZ_ADAPTER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_support.h"

static inline void fuzz_check_batch(int rc, const price_batch *batch, const char *err)
{
    if (rc != 0) {
        if (err[0] == '\0') {
            fprintf(stderr, "fuzz: the adapter failed without a message\n");
            abort();
        }
        return;
    }
    for (size_t i = 0; i < batch->count; i++) {
        const price_row *row = &batch->rows[i];
        if ((int)row->model < 0 || row->model >= PRICING_COUNT ||
            memchr(row->provider, '\0', sizeof row->provider) == NULL ||
            memchr(row->instance_type, '\0', sizeof row->instance_type) == NULL ||
            memchr(row->region, '\0', sizeof row->region) == NULL ||
            memchr(row->currency, '\0', sizeof row->currency) == NULL ||
            memchr(row->source, '\0', sizeof row->source) == NULL ||
            memchr(row->spot_interruption, '\0', sizeof row->spot_interruption) == NULL) {
            fprintf(stderr, "fuzz: row %zu is malformed\n", i);
            abort();
        }
    }
}

/* Runs adapter over the documents registered with fuzz_fetch_serve(). */
static inline void fuzz_run_adapter(const provider_adapter *adapter)
{
    provider_run run;
    fuzz_provider_run(&run, adapter->id);
    price_batch batch;
    price_batch_init(&batch);
    char err[1024] = "";
    int rc = adapter->fetch(&run, &batch, err, sizeof err);
    fuzz_check_batch(rc, &batch, err);
    price_batch_free(&batch);
}

#endif
