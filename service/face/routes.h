/* The face's routes: which handler of face/api.h serves each method and path, what each needs, and the options the
 * HTTP machinery (face/http/server.h) starts with for an app. */
#ifndef GPUREC_ROUTES_H
#define GPUREC_ROUTES_H

#include "face/app.h"
#include "face/http/route.h"
#include "face/http/server.h"

extern const http_routes face_routes;

/* The server's options for application: its config and counters, the app handed to handlers, the route table. */
http_options face_http_options(app *application);

#endif
