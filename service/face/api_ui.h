/* The web page: index.html and its assets, compiled into the binary (ui_assets.h), served under /ui/.
 *
 * The page lives at .../ui/ so that every URL inside it can be relative ("style.css", "../v1/recommend") and the page
 * keeps working when a gateway serves the daemon under a path prefix. GET / and GET /ui answer a relative redirect to
 * "ui/" for that reason. Assets carry their content hash as a strong ETag and "no-cache", so a browser revalidates each
 * use and gets 304 from the HTTP layer until the binary changes; a new build is never mixed with stale files. */
#ifndef GPUREC_API_UI_H
#define GPUREC_API_UI_H

#include "face/http.h"

/* GET /, GET /ui: 302 to "ui/". GET /ui/ (and /ui/index.html): the page. Always returns 0 (the reply says it all). */
int api_ui_index(const http_request *req, http_reply *reply);
/* GET /ui/{name}: req->params[0] names a file of web/; unknown names are a 404 problem. Always returns 0. */
int api_ui_asset(const http_request *req, http_reply *reply);

#endif
