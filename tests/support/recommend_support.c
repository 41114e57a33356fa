#include "support/recommend_support.h"

#include <check.h>
#include <stdlib.h>

#include "wire/jsonw.h"
#include "wire/problem.h"

char *recommend_answer_text(const catalog *snap, const json_t *request, const recommend_options *opts, int *status)
{
    jsonw answer;
    jsonw_init(&answer, 0); /* grows from the smallest buffer */
    problem *p = NULL;
    int rc = recommend_run(snap, request, opts, &answer, &p);
    size_t len = 0;
    char *text = jsonw_finish(&answer, &len);
    if (rc == 0) {
        ck_assert_ptr_null(p);
        *status = 200;
        return text;
    }
    ck_assert_uint_eq(len, 0); /* nothing written for a refused request */
    free(text);
    ck_assert_ptr_nonnull(p);
    *status = problem_status(p);
    json_t *doc = problem_into_json(p);
    text = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(doc);
    return text;
}
