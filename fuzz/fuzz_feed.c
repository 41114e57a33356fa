/* The generic JSON price feed adapter on a fuzzed feed document. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("feed.json", (const char *)data, size, 1, NULL);
    fuzz_run_adapter(&provider_feed);
    return 0;
}
