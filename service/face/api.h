/* Handlers of the catalog, health and metrics endpoints (api_catalog.c, api_health.c). Each reads req->snap and
 * fills reply; see http.h for the calling convention. Other endpoints declare their handlers in their own headers. */
#ifndef GPUREC_API_H
#define GPUREC_API_H

#include "face/http.h"

int api_healthz(const http_request *req, http_reply *reply);
int api_readyz(const http_request *req, http_reply *reply);
int api_metrics(const http_request *req, http_reply *reply);

int api_gpus_list(const http_request *req, http_reply *reply);
int api_gpus_get(const http_request *req, http_reply *reply);
int api_instances_list(const http_request *req, http_reply *reply);
int api_instances_get(const http_request *req, http_reply *reply);
int api_providers_list(const http_request *req, http_reply *reply);

/* A 503 problem for requests that arrive before the first catalog is loaded. */
/* POST /v1/recommend and POST /v1/estimate: the engine's answers to a JSON body. */
int api_recommend(const http_request *req, http_reply *reply);
int api_estimate(const http_request *req, http_reply *reply);

problem *api_no_catalog(void);

#endif
