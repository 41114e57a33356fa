/* The Azure Retail Prices adapter on a fuzzed page: served for the first pages asked (so NextPageLink loops end),
 * then an empty page. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("/api/retail/prices", (const char *)data, size, 3, "{\"Items\":[],\"NextPageLink\":null}");
    fuzz_run_adapter(&provider_azure);
    return 0;
}
