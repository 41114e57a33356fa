/* POST /v1/estimate's body: JSON parsing as the HTTP layer does it, then validation and the cost arithmetic
 * (api_estimate_run) on the seed catalog. A body may be refused only with a 4xx problem; an accepted one must
 * serialize. */
#include <stdlib.h>

#include "api_estimate.h"
#include "fuzz_support.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    json_object_seed(1);
    fuzz_catalog();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *request = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    if (request == NULL)
        return 0;
    json_t *result = NULL;
    problem *error = NULL;
    http_reply reply = {0};
    if (api_estimate_run(fuzz_catalog(), request, &result, &error) == 0) {
        if (error != NULL || !json_is_object(result))
            abort();
        http_reply_json(&reply, 200, result);
    } else {
        if (error == NULL || result != NULL)
            abort();
        http_reply_problem(&reply, error);
    }
    fuzz_check_reply(&reply);
    json_decref(request);
    return 0;
}
