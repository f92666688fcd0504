/*
 * sha256.h — SHA-256 (FIPS 180-4), for the hashes of the server's tokens.
 */
#ifndef OTHELLO_SHA256_H
#define OTHELLO_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { SHA256_LEN = 32, SHA256_HEX = 2 * SHA256_LEN + 1 };

void sha256(const void *data, size_t len, uint8_t out[SHA256_LEN]);
void sha256_hex(const void *data, size_t len, char out[SHA256_HEX]);

#endif
