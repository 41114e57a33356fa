/* The AWS Price List region index, which names each region's offer file; every offer file is the fixture CSV. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t csv_len, spot_len, advisor_len;
    const char *csv = fuzz_fixture("aws/us-east-1.csv", &csv_len);
    const char *spot = fuzz_fixture("aws/spot.js", &spot_len);
    const char *advisor = fuzz_fixture("aws/spot_advisor.json", &advisor_len);
    fuzz_fetch_reset();
    fuzz_fetch_serve("region_index", (const char *)data, size, 1, NULL);
    fuzz_fetch_serve(".csv", csv, csv_len, 8, NULL);
    fuzz_fetch_serve("spot.js", spot, spot_len, 2, NULL);
    fuzz_fetch_serve("spot-advisor", advisor, advisor_len, 2, NULL);
    fuzz_run_adapter(&provider_aws);
    return 0;
}
