/* The service's answers as readable text (table.h): what each command prints unless --json is given. */
#ifndef GPUREC_CLI_RENDER_H
#define GPUREC_CLI_RENDER_H

#include <stdio.h>

#include <jansson.h>

#include "cli/flags.h"

/* A POST /v1/recommend answer: the requirements, the ranked picks, why the first one, and when nothing fits the hints
 * and rejection counts. With flags not NULL, a request field named in a hint is shown as its flag of that command. */
void render_recommend(FILE *out, const json_t *answer, const cli_command *flags);
/* A POST /v1/estimate answer: each item's pricing models side by side, then the totals when there are several. */
void render_estimate(FILE *out, const json_t *answer);
/* The GET /v1/models and GET /v1/gpus lists. */
void render_models(FILE *out, const json_t *answer);
void render_gpus(FILE *out, const json_t *answer);

#endif
