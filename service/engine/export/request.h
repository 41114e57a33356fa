/* The body of POST /v1/export read and answered: a recommendation (as /v1/recommend returns it, or just its
 * provider, instance_type, region, pricing and nodes) resolved against the snapshot and written as deployable text
 * (export.h). Shared by the HTTP face and the command line. */
#ifndef GPUREC_EXPORT_REQUEST_H
#define GPUREC_EXPORT_REQUEST_H

#include <jansson.h>

#include "base/buf.h"
#include "engine/export/export.h"
#include "snapshot/catalog.h"
#include "wire/problem.h"

/* Answers request (borrowed) from snap (borrowed; must not be NULL). On success returns 0, appends the text to out and
 * sets *format (its media type is export_media_type()). On a client error returns -1, appends nothing and sets *error
 * to a problem naming every bad field ("recommendation.<field>", "format"; status 400 when the body is not an
 * object, else 422; caller owns it). */
int export_run(const catalog *snap, const json_t *request, bytebuf *out, export_format *format, problem **error);

#endif
