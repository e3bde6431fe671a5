#pragma once
// Device tokens and ids: random and unguessable; the server stores only a token's hash.
#include <string>
#include <string_view>

namespace kaisho::server {

// 32 random bytes, URL-safe base64 without padding (43 characters).
std::string new_device_token();
// A random id of `bytes` random bytes in lower-case base32 (group ids, person ids).
std::string new_random_id(int bytes);
// SHA-256 of the token, hex.
std::string token_hash(std::string_view token);
// Whether the text has the shape of a token we issue (length and alphabet).
bool looks_like_token(std::string_view token);

}  // namespace kaisho::server
