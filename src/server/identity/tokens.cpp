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
}  // namespace

std::string new_device_token() {
  static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  auto b = random_bytes(32);
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : b) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 6) {
      out += alphabet[(acc >> (bits - 6)) & 63];
      bits -= 6;
    }
  }
  if (bits > 0) out += alphabet[(acc << (6 - bits)) & 63];
  return out;
}

std::string new_random_id(int bytes) {
  static const char* alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  auto b = random_bytes(bytes);
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (unsigned char c : b) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(acc << (5 - bits)) & 31];
  return out;
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
