/* The AWS spot price feed (spot.js, JSONP) with the fixture spot advisor; the region index names no region, so only
 * the spot path runs. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t advisor_len;
    const char *advisor = fuzz_fixture("aws/spot_advisor.json", &advisor_len);
    fuzz_fetch_reset();
    fuzz_fetch_serve("spot.js", (const char *)data, size, 2, NULL);
    fuzz_fetch_serve("spot-advisor", advisor, advisor_len, 2, NULL);
    fuzz_fetch_serve("region_index", "{\"regions\":{}}", 14, 1, NULL);
    fuzz_run_adapter(&provider_aws);
    return 0;
}
