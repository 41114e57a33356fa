/* SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for the request signatures of the price APIs that need them
 * (Tencent Cloud's TC3-HMAC-SHA256, Alibaba Cloud's ACS3-HMAC-SHA256). Pure functions, no allocation; a context
 * belongs to one thread. */
#ifndef GPUREC_SHA256_H
#define GPUREC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_LEN 32
#define SHA256_HEX_LEN 65 /* 64 hex digits and a NUL */

typedef struct sha256_ctx {
    uint32_t state[8];
    uint64_t length_bits;
    unsigned char block[64];
    size_t block_used;
} sha256_ctx;

void sha256_init(sha256_ctx *ctx);
void sha256_update(sha256_ctx *ctx, const void *data, size_t len);
void sha256_final(sha256_ctx *ctx, unsigned char digest[SHA256_DIGEST_LEN]);
/* One-shot digest of data. */
void sha256(const void *data, size_t len, unsigned char digest[SHA256_DIGEST_LEN]);
void hmac_sha256(const void *key, size_t key_len, const void *data, size_t data_len,
                 unsigned char mac[SHA256_DIGEST_LEN]);
/* Lowercase hex of a digest into hex (SHA256_HEX_LEN bytes). */
void sha256_hex(const unsigned char digest[SHA256_DIGEST_LEN], char hex[SHA256_HEX_LEN]);

#endif
