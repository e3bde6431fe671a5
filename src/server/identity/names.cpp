#include "server/identity/names.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <memory>
#include <vector>

#include "core/text.hpp"

namespace kaisho::server {

namespace {

Error refuse(const std::string& reason, std::string message) {
  Error e = make_error("bad_name", std::move(message));
  e.params.emplace_back("reason", reason);
  if (reason == "too_long") e.params.emplace_back("max", std::to_string(kMaxNameLength));
  return e;
}

bool has(UChar32 cp, UProperty property) {
  return u_hasBinaryProperty(cp, property) != 0;
}

// Invisible inside a name: default-ignorable code points (zero-width space, soft hyphen, the
// Hangul fillers, ...), except the joiners and variation selectors that emoji and some scripts
// need between visible characters.
bool displays_as_nothing(UChar32 cp) {
  if (cp == 0x200C || cp == 0x200D || (cp >= 0xFE00 && cp <= 0xFE0F)) return false;
  return has(cp, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

// A character that shows something by itself: not a space, not a mark (which needs a base),
// not a joiner, and not the blank Braille pattern (a symbol drawn as nothing).
bool visible(UChar32 cp) {
  if (u_isUWhiteSpace(cp) || displays_as_nothing(cp) || cp == 0x2800) return false;
  const auto type = static_cast<UCharCategory>(u_charType(cp));
  return type != U_NON_SPACING_MARK && type != U_ENCLOSING_MARK &&
         type != U_COMBINING_SPACING_MARK && type != U_FORMAT_CHAR;
}

bool unusual(UChar32 cp) {
  const auto type = static_cast<UCharCategory>(u_charType(cp));
  return type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR || type == U_PRIVATE_USE_CHAR ||
         type == U_UNASSIGNED || type == U_SURROGATE || has(cp, UCHAR_NONCHARACTER_CODE_POINT) ||
         (cp >= 0xE0000 && cp <= 0xE007F);  // tag characters
}

// ICU's spoof checker, made once (its checks may run on several threads at once): letters
// from scripts that are not used together, and digits of several systems, are refused.
class SpoofCheck {
 public:
  SpoofCheck() {
    UErrorCode status = U_ZERO_ERROR;
    checker_ = uspoof_open(&status);
    uspoof_setChecks(checker_, USPOOF_RESTRICTION_LEVEL | USPOOF_MIXED_NUMBERS, &status);
    uspoof_setRestrictionLevel(checker_, USPOOF_MODERATELY_RESTRICTIVE);
    ok_ = U_SUCCESS(status);
    for (const char* name : {"guest", "\xd8\xb6\xd9\x8a\xd9\x81"})  // ضيف
      guests_.push_back(letters_of_skeleton(icu::UnicodeString::fromUTF8(name)));
    for (const char* name : {"cpu", "\xd8\xa7\xd9\x84\xd8\xad\xd8\xa7\xd8\xb3\xd9\x88\xd8\xa8"})
      cpus_.push_back(letters_of_skeleton(icu::UnicodeString::fromUTF8(name)));
    for (const char* name : {"level", "\xd8\xa7\xd9\x84\xd9\x85\xd8\xb3\xd8\xaa\xd9\x88\xd9\x89"})
      levels_.push_back(letters_of_skeleton(icu::UnicodeString::fromUTF8(name)));
  }
  ~SpoofCheck() { uspoof_close(checker_); }
  SpoofCheck(const SpoofCheck&) = delete;
  SpoofCheck& operator=(const SpoofCheck&) = delete;

  bool mixes_scripts(const icu::UnicodeString& name) const {
    if (!ok_) return false;
    UErrorCode status = U_ZERO_ERROR;
    const int32_t found = uspoof_checkUnicodeString(checker_, name, nullptr, &status);
    return U_SUCCESS(status) && found != 0;
  }

  // Whether the name reads as one the site gives: a guest's ("Guest 4f2a": the word and at
  // most four more letters or digits) or a CPU's ("CPU 8", "CPU level 3": the word, maybe
  // "level", and at most two more), after folding case and confusable characters.
  bool reserved(const icu::UnicodeString& name) const {
    const icu::UnicodeString letters = letters_of_skeleton(name);
    for (const auto& guest : guests_)
      if (letters.startsWith(guest) && letters.countChar32() - guest.countChar32() <= 4)
        return true;
    for (const auto& cpu : cpus_) {
      if (!letters.startsWith(cpu)) continue;
      icu::UnicodeString rest(letters, cpu.length());
      for (const auto& level : levels_)
        if (rest.startsWith(level)) rest.remove(0, level.length());
      if (rest.countChar32() <= 2) return true;
    }
    return false;
  }

 private:
  // The letters and digits of the name's skeleton (compatibility forms and case folded,
  // confusables mapped to one prototype), everything else left out: "G u e s t" and "Ｇｕｅｓｔ"
  // read as "guest".
  icu::UnicodeString letters_of_skeleton(const icu::UnicodeString& name) const {
    UErrorCode fold_status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(fold_status);
    icu::UnicodeString folded =
        U_SUCCESS(fold_status) ? nfkc_cf->normalize(name, fold_status) : name;
    if (U_FAILURE(fold_status)) (folded = name).foldCase();
    icu::UnicodeString skeleton;
    UErrorCode status = U_ZERO_ERROR;
    if (checker_) uspoof_getSkeletonUnicodeString(checker_, 0, folded, skeleton, &status);
    if (U_FAILURE(status) || !checker_) skeleton = folded;
    skeleton.foldCase();
    icu::UnicodeString out;
    for (int32_t i = 0; i < skeleton.length();) {
      const UChar32 cp = skeleton.char32At(i);
      if (u_isalnum(cp)) out.append(cp);
      i += U16_LENGTH(cp);
    }
    return out;
  }

  USpoofChecker* checker_ = nullptr;
  bool ok_ = false;
  std::vector<icu::UnicodeString> guests_, cpus_, levels_;
};

const SpoofCheck& spoof_check() {
  static const SpoofCheck check;
  return check;
}

}  // namespace

void prepare_name_checks() {
  (void)clean_name("Kaisho 8");
  (void)clean_name("ضيف");
}

Result<std::string> clean_name(std::string_view raw) {
  const std::string_view trimmed = text::trim(raw);
  if (trimmed.empty()) return refuse("empty", "a name may not be empty");
  icu::UnicodeString name = icu::UnicodeString::fromUTF8(
      icu::StringPiece(trimmed.data(), static_cast<int32_t>(trimmed.size())));
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_SUCCESS(status)) name = nfc->normalize(name, status);
  if (U_FAILURE(status)) return refuse("unusual", "the name is not valid text");
  size_t points = 0;
  bool shows_something = false;
  for (int32_t i = 0; i < name.length(); i += U16_LENGTH(name.char32At(i))) {
    const UChar32 cp = name.char32At(i);
    ++points;
    if (has(cp, UCHAR_BIDI_CONTROL))
      return refuse("direction", "a name may not contain marks that change its direction");
    if (u_charType(cp) == U_CONTROL_CHAR)
      return refuse("control", "a name may not contain control characters");
    if (unusual(cp))
      return refuse("unusual",
                    "a name may not contain separators, tags, private or unassigned characters");
    if (displays_as_nothing(cp))
      return refuse("invisible", "a name may not contain characters that display as nothing");
    shows_something = shows_something || visible(cp);
  }
  if (points > kMaxNameLength)
    return refuse("too_long", "a name has at most " + std::to_string(kMaxNameLength) +
                                  " characters; this one has " + std::to_string(points));
  if (!shows_something) return refuse("invisible", "a name must show something");
  if (spoof_check().mixes_scripts(name))
    return refuse("mixed_scripts",
                  "a name may not mix scripts (or digits) that are not used together");
  if (spoof_check().reserved(name))
    return refuse("reserved", "a name may not read as one the site gives (Guest, CPU)");
  std::string out;
  name.toUTF8String(out);
  return out;
}

}  // namespace kaisho::server
