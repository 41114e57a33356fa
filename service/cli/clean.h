/* What the command line prints is made safe for a terminal first: an answer's strings (a server's, or the local
 * catalog's, which a price feed may have written) lose every control character (C0 U+0000-U+001F, DEL U+007F, C1
 * U+0080-U+009F) and every byte that is not UTF-8, each put as U+FFFD, so that no answer can clear the screen, set
 * the terminal's title, move the cursor or forge a line of output. */
#ifndef GPUREC_CLI_CLEAN_H
#define GPUREC_CLI_CLEAN_H

#include <stdbool.h>

#include <jansson.h>

#include "cli/ask.h"

/* Whether s holds nothing clean_text would replace (keep_layout: '\n' and '\t' are allowed). */
bool clean_text_is_safe(const char *s, bool keep_layout);
/* A copy of s with each control character or non-UTF-8 byte put as U+FFFD (keep_layout: '\n' and '\t' kept). Caller
 * frees. */
char *clean_text(const char *s, bool keep_layout);
/* Every string and object key in value (and below it), cleaned in place, layout characters included: a JSON string is
 * one line of output. */
void clean_json(json_t *value);
/* The whole answer: its document, its text (an export keeps its lines and tabs) and its error. */
void clean_answer(cli_answer *answer);

#endif
