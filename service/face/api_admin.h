/* Handlers of the refresh endpoints (api_admin.c): POST /v1/admin/refresh starts a price refresh, and
 * GET /v1/instances/{provider}/{instance_type}/history answers an instance type's price history. See http.h for the
 * calling convention. */
#ifndef GPUREC_API_ADMIN_H
#define GPUREC_API_ADMIN_H

#include "face/http.h"

int api_admin_refresh(const http_request *req, http_reply *reply);
int api_instance_history(const http_request *req, http_reply *reply);

/* Whether the request carries "Authorization: Bearer <token>" with token equal to the configured one, compared in
 * time independent of where they differ. False when no token is configured. */
bool api_admin_authorized(const http_request *req, const char *token);

#endif
