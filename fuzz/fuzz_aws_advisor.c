/* The AWS spot advisor document (interruption bands) with the fixture spot.js. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t spot_len;
    const char *spot = fuzz_fixture("aws/spot.js", &spot_len);
    fuzz_fetch_reset();
    fuzz_fetch_serve("spot-advisor", (const char *)data, size, 2, NULL);
    fuzz_fetch_serve("spot.js", spot, spot_len, 2, NULL);
    fuzz_fetch_serve("region_index", "{\"regions\":{}}", 14, 1, NULL);
    fuzz_run_adapter(&provider_aws);
    return 0;
}
