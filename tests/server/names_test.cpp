// Names people choose (src/server/identity/names.hpp): any script, but nothing that displays
// as nothing, as something else, or as a name the site gives.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "server/identity/names.hpp"

namespace kaisho::server {
namespace {

std::string reason_for(const std::string& name) {
  auto r = clean_name(name);
  if (r.ok()) return "accepted as " + r.value();
  for (const auto& [k, v] : r.error().params)
    if (k == "reason") return v;
  return "no reason";
}

TEST(Names, NamesInAnyScriptAreAcceptedAsWritten) {
  for (const char* name : {"Aiko", "\xd9\x84\xd9\x8a\xd9\x84\xd9\x89",           // ليلى
                           "\xe7\x94\xb0\xe4\xb8\xad \xe5\xa4\xaa\xe9\x83\x8e",  // 田中 太郎
                           "Jos\xc3\xa9", "Ali \xd8\xb9\xd9\x84\xd9\x8a",        // Ali علي
                           "\xd0\x90\xd0\xbd\xd0\xbd\xd0\xb0",                   // Анна
                           "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91"
                           "\xa7 family",  // 👨‍👩‍👧
                           "Guesthouse Keeper", "CPU fan club", "Player 2", "O'Brien-Smith"}) {
    auto r = clean_name(name);
    EXPECT_TRUE(r.ok()) << name << ": " << r.error().message;
  }
}

TEST(Names, ANameIsKeptInItsComposedForm) {
  EXPECT_EQ(clean_name("Jose\xcc\x81").value(), "Jos\xc3\xa9");  // e + combining acute -> é
}

TEST(Names, NamesThatDisplayAsNothingAreRefusedAsInvisible) {
  for (const char* name : {"\xe2\x80\x8b\xe2\x80\x8b\xe2\x80\x8b",  // zero-width spaces
                           "\xe3\x85\xa4",                          // U+3164 Hangul filler
                           "\xe2\xa0\x80",                          // U+2800 Braille blank
                           "\xe3\x80\x80\xe3\x80\x80",              // U+3000 ideographic spaces
                           "\xc2\xad",                              // U+00AD soft hyphen
                           "Ali\xc2\xad"
                           "ce",                 // a soft hyphen inside
                           "\xcc\x81\xcc\x81"})  // combining marks alone
    EXPECT_EQ(reason_for(name), "invisible") << name;
}

TEST(Names, SeparatorsTagsNoncharactersAndPrivateUseAreRefusedAsUnusual) {
  for (const char* name : {"a\xe2\x80\xa8"
                           "b",                    // U+2028 line separator
                           "tag\xf3\xa0\x81\x81",  // U+E0041 tag character
                           "x\xef\xb7\x90",        // U+FDD0 noncharacter
                           "p\xee\x80\x80",        // U+E000 private use
                           "u\xcd\xb8"})           // U+0378 unassigned
    EXPECT_NE(reason_for(name).rfind("accepted", 0), 0u) << name;
  EXPECT_EQ(reason_for("a\xe2\x80\xa8"
                       "b"),
            "unusual");
  EXPECT_EQ(reason_for("tag\xf3\xa0\x81\x81"), "unusual");
  EXPECT_EQ(reason_for("x\xef\xb7\x90"), "unusual");
  EXPECT_EQ(reason_for("p\xee\x80\x80"), "unusual");
}

TEST(Names, NamesThatReadAsTheSitesOwnAreRefusedAsReserved) {
  for (const char* name :
       {"Guest 4f2a", "guest", "GUEST-12ab",
        "\xef\xbd\x87\xef\xbd\x95\xef\xbd\x85\xef\xbd\x93\xef\xbd\x94 12",  // ｇｕｅｓｔ 12
        "CPU 8", "cpu level 3", "C P U", "\xd8\xb6\xd9\x8a\xd9\x81 4f2a",   // ضيف
        "\xd8\xa7\xd9\x84\xd8\xad\xd8\xa7\xd8\xb3\xd9\x88\xd8\xa8\xd8\x8c "
        "\xd8\xa7\xd9\x84\xd9\x85\xd8\xb3\xd8\xaa\xd9\x88\xd9\x89 3"})  // الحاسوب، المستوى 3
    EXPECT_EQ(reason_for(name), "reserved") << name;
}

TEST(Names, ScriptsMixedToImitateAnotherNameAreRefused) {
  EXPECT_EQ(reason_for("P\xd0\xb0ypal"), "mixed_scripts");  // Cyrillic а among Latin
  EXPECT_EQ(reason_for("\xce\x91lice"), "mixed_scripts");   // Greek Α among Latin
  EXPECT_EQ(reason_for("12\xd9\xa3"), "mixed_scripts");     // Latin and Arabic-Indic digits
}

TEST(Names, TheEarlierRefusalsStand) {
  EXPECT_EQ(reason_for("   "), "empty");
  EXPECT_EQ(reason_for(std::string(33, 'x')), "too_long");
  EXPECT_EQ(reason_for("a\x01"
                       "b"),
            "control");
  EXPECT_EQ(reason_for("Ai\xe2\x80\xaeko"), "direction");
}

}  // namespace
}  // namespace kaisho::server
