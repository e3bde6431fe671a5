// Device tokens and ids: their length and alphabet, that they differ from call to call, and
// the stored hash (SHA-256 against the standard's test vector).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "server/identity/tokens.hpp"

namespace kaisho::server {
namespace {

TEST(DeviceToken, IsFortyThreeBase64UrlCharactersAndLooksLikeAToken) {
  const std::string token = new_device_token();
  EXPECT_EQ(token.size(), 43u);  // 256 bits, six a character, the last one padded
  EXPECT_TRUE(looks_like_token(token));
  // The last character holds 4 bits of the 256 and two zero bits of padding.
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  EXPECT_EQ(alphabet.find(token.back()) % 4, 0u);
}

TEST(DeviceToken, DiffersFromCallToCall) {
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) seen.insert(new_device_token());
  EXPECT_EQ(seen.size(), 100u);
}

TEST(DeviceToken, LooksLikeTokenRejectsOtherLengthsAndCharacters) {
  const std::string token = new_device_token();
  EXPECT_FALSE(looks_like_token(token.substr(1)));
  EXPECT_FALSE(looks_like_token(token + "A"));
  EXPECT_FALSE(looks_like_token(std::string(42, 'A') + "="));
  EXPECT_FALSE(looks_like_token(std::string(42, 'A') + "/"));
  EXPECT_FALSE(looks_like_token(""));
}

TEST(RandomId, IsLowerCaseBase32OfTheRequestedBytes) {
  const std::string id = new_random_id(10);  // 80 bits: sixteen characters of five bits
  EXPECT_EQ(id.size(), 16u);
  for (char c : id)
    EXPECT_NE(std::string("abcdefghijklmnopqrstuvwxyz234567").find(c), std::string::npos);
  EXPECT_EQ(new_random_id(1).size(), 2u);  // 8 bits: one full character and one padded
  EXPECT_NE(new_random_id(10), new_random_id(10));
}

TEST(TokenHash, IsTheHexSha256OfTheToken) {
  EXPECT_EQ(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(token_hash(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

}  // namespace
}  // namespace kaisho::server
