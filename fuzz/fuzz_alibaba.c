/* The Alibaba Cloud ECS adapter on a fuzzed DescribePrice answer: served for the first requests (an error document
 * among them may be retried or skipped), then a "not sold here" answer for the rest of the catalog. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("alibaba.fuzz.invalid", (const char *)data, size, 3,
                     "{\"Code\":\"InvalidInstanceType.ValueNotSupported\",\"Message\":\"fuzz\"}");
    fuzz_run_adapter(&provider_alibaba);
    return 0;
}
