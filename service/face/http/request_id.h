/* The id a request is known by in the access log and the X-Request-Id answer header.
 *
 * A client's own id is kept when it is a short plain token (letters, digits, '-', '_', '.'), so one id can follow a
 * request through a gateway; otherwise one is made here, unique per process run. Any thread may call it: the counter
 * behind made ids is atomic. */
#ifndef GPUREC_REQUEST_ID_H
#define GPUREC_REQUEST_ID_H

/* Room for an id: a made one takes 12 + 1 + up to 16 characters and its NUL. */
#define REQUEST_ID_SIZE 40

/* Writes into id the client's given id (the X-Request-Id header's value, or NULL) when it may be kept, else a new
 * one. */
void request_id_choose(const char *given, char id[REQUEST_ID_SIZE]);

#endif
