/* The catalog endpoints' query strings and path parameters, through the real handlers (gpus.c, instances.c,
 * providers.c) with the request accessors of fuzz_support.c. Input: one byte choosing the endpoint, then
 * "p1/p2?query" (path parameters only for the item endpoints). Every answer must be a 2xx or a 4xx problem. */
#include <stdlib.h>
#include <string.h>

#include "face/api.h"
#include "fuzz_support.h"

FUZZ_CATALOG_INIT

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const http_handler handlers[] = {api_instances_list, api_gpus_list, api_providers_list, api_gpus_get,
                                            api_instances_get};
    static const size_t param_counts[] = {0, 0, 0, 1, 2};
    size_t which = data[0] % 5;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    const char *question = memchr(text, '?', len);
    size_t path_len = question ? (size_t)(question - text) : 0;
    http_request req;
    fuzz_request_init(&req, question ? question + 1 : text, question ? len - path_len - 1 : len);
    /* path parameters: segments of what precedes '?', at most 255 bytes each as the router allows */
    char params[HTTP_MAX_PATH_PARAMS][256];
    size_t count = 0, at = 0;
    while (count < param_counts[which]) {
        size_t end = at;
        while (end < path_len && text[end] != '/')
            end++;
        size_t n = end - at < 255 ? end - at : 255;
        memcpy(params[count], text + at, n);
        params[count][n] = '\0';
        if (memchr(params[count], '\0', n) != NULL || n == 0)
            strcpy(params[count], "x");
        req.params[count] = params[count];
        count++;
        at = end < path_len ? end + 1 : end;
    }
    req.param_count = count;
    http_reply reply = {0};
    reply.status = 500;
    if (handlers[which](&req, &reply) != 0 && reply.body == NULL)
        abort();
    fuzz_check_reply(&reply);
    fuzz_request_clear(&req);
    return 0;
}
