#include "base/sha256.h"

#include <string.h>

/* FIPS 180-4, section 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

/* FIPS 180-4, section 6.2.2: one 512-bit block. */
static void compress(uint32_t state[8], const unsigned char block[64])
{
    uint32_t w[64];
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 | (uint32_t)block[4 * t + 2] << 8 |
               (uint32_t)block[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6],
             h = state[7];
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + round_constants[t] + w[t];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

void sha256_init(sha256_ctx *ctx)
{
    /* FIPS 180-4, section 5.3.3: the fractional parts of the square roots of the first 8 primes */
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(ctx->state, initial, sizeof initial);
    ctx->length_bits = 0;
    ctx->block_used = 0;
}

void sha256_update(sha256_ctx *ctx, const void *data, size_t len)
{
    const unsigned char *bytes = data;
    ctx->length_bits += (uint64_t)len * 8;
    while (len > 0) {
        size_t take = 64 - ctx->block_used;
        if (take > len)
            take = len;
        memcpy(ctx->block + ctx->block_used, bytes, take);
        ctx->block_used += take;
        bytes += take;
        len -= take;
        if (ctx->block_used == 64) {
            compress(ctx->state, ctx->block);
            ctx->block_used = 0;
        }
    }
}

void sha256_final(sha256_ctx *ctx, unsigned char digest[SHA256_DIGEST_LEN])
{
    /* FIPS 180-4, section 5.1.1: a 1 bit, zeros to 448 mod 512, then the length as a 64-bit big-endian number */
    uint64_t length_bits = ctx->length_bits;
    static const unsigned char pad[64] = {0x80};
    size_t pad_len = ctx->block_used < 56 ? 56 - ctx->block_used : 120 - ctx->block_used;
    sha256_update(ctx, pad, pad_len);
    unsigned char length[8];
    for (int i = 0; i < 8; i++)
        length[i] = (unsigned char)(length_bits >> (56 - 8 * i));
    sha256_update(ctx, length, 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (unsigned char)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (unsigned char)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (unsigned char)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (unsigned char)ctx->state[i];
    }
}

void sha256(const void *data, size_t len, unsigned char digest[SHA256_DIGEST_LEN])
{
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, data, len);
    sha256_final(&ctx, digest);
}

/* RFC 2104, section 2: H(K ^ opad, H(K ^ ipad, text)), a key longer than the block hashed first. */
void hmac_sha256(const void *key, size_t key_len, const void *data, size_t data_len,
                 unsigned char mac[SHA256_DIGEST_LEN])
{
    unsigned char block_key[64] = {0};
    if (key_len > sizeof block_key)
        sha256(key, key_len, block_key);
    else if (key_len > 0)
        memcpy(block_key, key, key_len);
    unsigned char inner_pad[64], outer_pad[64];
    for (int i = 0; i < 64; i++) {
        inner_pad[i] = block_key[i] ^ 0x36;
        outer_pad[i] = block_key[i] ^ 0x5c;
    }
    unsigned char inner[SHA256_DIGEST_LEN];
    sha256_ctx ctx;
    sha256_init(&ctx);
    sha256_update(&ctx, inner_pad, sizeof inner_pad);
    sha256_update(&ctx, data, data_len);
    sha256_final(&ctx, inner);
    sha256_init(&ctx);
    sha256_update(&ctx, outer_pad, sizeof outer_pad);
    sha256_update(&ctx, inner, sizeof inner);
    sha256_final(&ctx, mac);
}

void sha256_hex(const unsigned char digest[SHA256_DIGEST_LEN], char hex[SHA256_HEX_LEN])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < SHA256_DIGEST_LEN; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[64] = '\0';
}
