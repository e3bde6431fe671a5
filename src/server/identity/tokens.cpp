#include "server/identity/tokens.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstdlib>
#include <vector>

namespace kaisho::server {

namespace {
std::vector<unsigned char> random_bytes(int n) {
  std::vector<unsigned char> b(static_cast<size_t>(n));
  if (RAND_bytes(b.data(), n) != 1) std::abort();  // no randomness: refuse to run
  return b;
}

// The bytes written with an alphabet of 2^width characters, most significant bits first, the
// last character padded with zero bits (width 6: base64url without padding; 5: base32).
std::string encode_bits(const std::vector<unsigned char>& bytes, const char* alphabet, int width) {
  const uint32_t mask = (1u << width) - 1;
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= width) {
      out += alphabet[(acc >> (bits - width)) & mask];
      bits -= width;
    }
  }
  if (bits > 0) out += alphabet[(acc << (width - bits)) & mask];
  return out;
}
}  // namespace

std::string new_device_token() {
  return encode_bits(random_bytes(32),
                     "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 6);
}

std::string new_random_id(int bytes) {
  return encode_bits(random_bytes(bytes), "abcdefghijklmnopqrstuvwxyz234567", 5);
}

std::string token_hash(std::string_view token) {
  unsigned char digest[32];
  unsigned int len = 0;
  EVP_Digest(token.data(), token.size(), digest, &len, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

bool looks_like_token(std::string_view token) {
  if (token.size() != 43) return false;
  for (char c : token)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
          c == '_'))
      return false;
  return true;
}

}  // namespace kaisho::server
