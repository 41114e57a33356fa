/* Asking the recommendation engine from a test, as the service does, for the answer's exact text. */
#ifndef GPUREC_TEST_RECOMMEND_SUPPORT_H
#define GPUREC_TEST_RECOMMEND_SUPPORT_H

#include <jansson.h>

#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"

/* recommend_run() of request (borrowed) on snap: the answer's text with *status 200, or, when refused, the problem's
 * document as compact text with sorted keys and *status its status (the refusal must write nothing of an answer;
 * the running Check test fails otherwise). The caller frees the text. */
char *recommend_answer_text(const catalog *snap, const json_t *request, const recommend_options *opts, int *status);

#endif
