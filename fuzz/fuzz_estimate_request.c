/* POST /v1/estimate's body: JSON parsing as the HTTP layer does it, then validation and the cost arithmetic
 * (api_estimate_run) on the seed catalog. A body may be refused only with a 4xx problem; an accepted one must
 * serialize. */
#include "engine/estimate/estimate.h"
#include "fuzz_support.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *request = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    if (request == NULL)
        return 0;
    json_t *result = NULL;
    problem *error = NULL;
    int rc = estimate_run(fuzz_catalog(), request, &result, &error);
    fuzz_check_handler_result(rc, result, error);
    json_decref(request);
    return 0;
}
