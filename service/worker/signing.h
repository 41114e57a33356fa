/* Request signatures of the price APIs that need them: the canonical request that Tencent Cloud's TC3-HMAC-SHA256
 * and Alibaba Cloud's ACS3-HMAC-SHA256 share, and the two ways they turn it into an Authorization header.
 *  - TC3: https://www.tencentcloud.com/document/api/213/33224 (API 3.0, signature v3): string to sign
 *    "TC3-HMAC-SHA256\n<timestamp>\n<date>/<service>/tc3_request\n<hex sha256 of the canonical request>", key chain
 *    HMAC("TC3" + SecretKey, date) -> service -> "tc3_request", hex HMAC of the string to sign.
 *  - ACS3: https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature: string to
 *    sign "ACS3-HMAC-SHA256\n<hex sha256 of the canonical request>", hex HMAC with the AccessKey secret itself.
 * Pure functions: no clock, no randomness, no I/O; secrets are only read. */
#ifndef GPUREC_SIGNING_H
#define GPUREC_SIGNING_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "base/sha256.h"

typedef struct signing_header {
    const char *name;  /* lower case */
    const char *value;
} signing_header;

/* Lowercase hex SHA-256 of data. */
void signing_sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN]);

/* METHOD\nURI\nQUERY\n then "name:value\n" per header (sorted by name, the value trimmed, and lower-cased when
 * lower_values: TC3 asks for it, ACS3 does not), then \n, the names joined by ';', \n and payload_hash. headers is
 * sorted in place. Returns the canonical request (caller frees) and the signed header names in signed_buf; NULL when
 * signed_buf is too small. */
char *signing_canonical_request(const char *method, const char *uri, const char *query, signing_header *headers,
                                size_t count, bool lower_values, const char *payload_hash, char *signed_buf,
                                size_t signed_len);

/* "TC3-HMAC-SHA256 Credential=<id>/<date>/<service>/tc3_request, SignedHeaders=<signed>, Signature=<hex>" into auth,
 * the date being timestamp's UTC day. 0, or -1 when auth is too small. */
int signing_tc3(const char *secret_id, const char *secret_key, const char *service, time_t timestamp,
                const char *canonical_request, const char *signed_headers, char *auth, size_t auth_len);

/* "ACS3-HMAC-SHA256 Credential=<id>,SignedHeaders=<signed>,Signature=<hex>" into auth. 0, or -1 when too small. */
int signing_acs3(const char *key_id, const char *key_secret, const char *canonical_request, const char *signed_headers,
                 char *auth, size_t auth_len);

/* RFC 3986 percent-encoding: A-Z a-z 0-9 - _ . ~ kept, every other byte %XX (upper-case hex). 0, or -1 when it does
 * not fit. */
int signing_percent_encode(const char *s, char *out, size_t out_len);

/* "YYYY-MM-DDTHH:MM:SSZ" of t (UTC) into buf (at least 21 bytes). */
void signing_iso8601(time_t t, char *buf, size_t buf_len);

#endif
