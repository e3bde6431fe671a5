#pragma once
// Display names people choose: any script, at most kMaxNameLength code points, trimmed and
// put in Unicode's composed form (NFC). A name that could pass for something else is refused,
// never altered. A refusal is an Error with code "bad_name" and params {"reason", R} (and
// {"max", "32"} for too_long), R being:
//   empty          nothing but spaces
//   too_long       over kMaxNameLength code points
//   control        control characters
//   direction      marks that change the direction text is shown in (U+202E and the like)
//   invisible      nothing visible (spaces, fillers, blank symbols only), or characters that
//                  display as nothing inside it (zero-width spaces, soft hyphens, fillers)
//   unusual        characters no name needs: line and paragraph separators, tag characters,
//                  noncharacters, private-use and unassigned code points
//   mixed_scripts  letters of scripts that are not used together (Latin with Cyrillic, say),
//                  or digits of several systems: the way a name imitates another
//   reserved       reads as a name the site gives: "Guest 4f2a", "CPU 8", "ضيف …", "الحاسوب …"
//                  (compared after folding case and confusable characters)
// The character properties, the script mixing and the confusables come from ICU (Debian's
// libicu), not from lists kept here.
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace kaisho::server {

constexpr size_t kMaxNameLength = 32;  // code points

Result<std::string> clean_name(std::string_view raw);

// Loads what the checks use from ICU (its normalizers, character data, confusables) on the
// calling thread. Call it before the threads that check names start: ICU loads these lazily
// behind its own once-flags, which ThreadSanitizer cannot see through (Debian's ICU is not
// instrumented), so a first use racing on two hall threads is reported as a data race.
void prepare_name_checks();

}  // namespace kaisho::server
