/* POST /v1/recommend's body: JSON parsing as the HTTP layer does it, then validation and ranking (recommend_run) on
 * the seed catalog. A body may be refused only with a 4xx problem; an accepted one must serialize. */
#include <stdlib.h>

#include "fuzz_support.h"
#include "engine/recommend/recommend.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *request = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    if (request == NULL)
        return 0; /* the HTTP layer answers 400 itself */
    recommend_options options = {1767225600, 48};
    jsonw answer;
    jsonw_init(&answer, 0);
    problem *error = NULL;
    int rc = recommend_run(fuzz_catalog(), request, &options, &answer, &error);
    size_t len = 0;
    char *text = jsonw_finish(&answer, &len);
    json_t *result = rc == 0 ? json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL) : NULL;
    if (rc == 0 && result == NULL)
        abort(); /* an accepted request must be answered with valid JSON */
    free(text);
    fuzz_check_handler_result(rc, result, error);
    json_decref(request);
    return 0;
}
