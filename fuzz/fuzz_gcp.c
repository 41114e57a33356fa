/* The GCP Cloud Billing Catalog adapter on a fuzzed SKU page: served for the first pages asked (so nextPageToken
 * loops end), then an empty page. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("/skus", (const char *)data, size, 3, "{\"skus\":[]}");
    fuzz_run_adapter(&provider_gcp);
    return 0;
}
