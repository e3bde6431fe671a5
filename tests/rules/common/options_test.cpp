#include <gtest/gtest.h>

#include "rules/api/options.hpp"

namespace kaisho::rules {
namespace {

const OptionSchema kSchema = {
    {"flag", OptionKind::Boolean, {"true", "false"}, "A flag."},
    {"limit", OptionKind::Number, {"0", "100"}, "A limit."},
};

TEST(Options, DefaultsAreTheFirstChoices) {
  Options o = Options::defaults(kSchema);
  EXPECT_TRUE(o.get_bool("flag"));
  EXPECT_EQ(o.get_int("limit"), 0);
}

TEST(Options, OverridesAreValidated) {
  auto o = Options::validate(kSchema, {{"limit", "100"}, {"flag", "false"}});
  ASSERT_TRUE(o.ok());
  EXPECT_EQ(o->get_int("limit"), 100);
  EXPECT_FALSE(o->get_bool("flag"));
  auto unknown = Options::validate(kSchema, {{"nope", "1"}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message, "unknown option 'nope' (known: flag, limit)");
  auto bad = Options::validate(kSchema, {{"limit", "50"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "option limit cannot be '50' (choices: 0, 100)");
}

TEST(Options, AssignmentTextIsKeyEqualsValue) {
  auto kv = parse_option_assignment("move_limit=150");
  ASSERT_TRUE(kv.ok());
  EXPECT_EQ(kv->first, "move_limit");
  EXPECT_EQ(kv->second, "150");
  EXPECT_FALSE(parse_option_assignment("move_limit").ok());
  EXPECT_FALSE(parse_option_assignment("=3").ok());
}

}  // namespace
}  // namespace kaisho::rules
