/* The Lambda Cloud adapter on a fuzzed instance-types answer. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("/lambda/instance-types", (const char *)data, size, 1, NULL);
    fuzz_run_adapter(&provider_lambda);
    return 0;
}
