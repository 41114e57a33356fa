/* The Tencent Cloud CVM adapter on a fuzzed DescribeZoneInstanceConfigInfos answer: served for the first regions'
 * requests (a throttling error among them is retried), then an empty answer. */
#include "fuzz_adapter.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_fetch_reset();
    fuzz_fetch_serve("tencent.fuzz.invalid", (const char *)data, size, 3,
                     "{\"Response\":{\"InstanceTypeQuotaSet\":[],\"RequestId\":\"fuzz\"}}");
    fuzz_run_adapter(&provider_tencent);
    return 0;
}
