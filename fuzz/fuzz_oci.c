/* The OCI price-list adapter on a fuzzed price list, with the seed catalog's shape-to-part mapping. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("/oci/products/", (const char *)data, size, 1, NULL);
    fuzz_run_adapter(&provider_oci);
    return 0;
}
