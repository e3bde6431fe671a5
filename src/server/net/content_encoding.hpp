#pragma once
// Which file answers a static request: the plain file or the brotli (FILE.br) or gzip
// (FILE.gz) copy that `web/scripts/compress.mjs` wrote next to it at build time, chosen by
// the request's Accept-Encoding. No Boost here, so the rules are unit-tested on their own
// (tests/server/content_encoding_test.cpp); http_routes.cpp sends what this chooses.
#include <functional>
#include <string>
#include <string_view>

namespace kaisho::net {

enum class Encoding { identity, gzip, br };

// "br", "gzip" ("" for identity): the Content-Encoding to send.
std::string_view encoding_name(Encoding e);
// ".br", ".gz" ("" for identity): the suffix of the file that holds that encoding.
std::string_view encoding_suffix(Encoding e);

// The quality, 0 to 1000 (q=0.5 is 500), that an Accept-Encoding header value gives a
// content coding (given in lower case: "br", "gzip"). Tokens are case-insensitive;
// "x-gzip" counts as "gzip"; a coding not listed takes the quality of "*" when there is
// one, otherwise 0. An element with a malformed q-value is ignored. nullptr (no header)
// gives 0: a request without Accept-Encoding gets the plain file.
int coding_quality(const std::string* accept_encoding, std::string_view coding);

// The encoding to send given which compressed copies exist: the acceptable one (q > 0)
// with the higher quality, brotli on a tie, identity when neither is acceptable or there.
Encoding choose_encoding(const std::string* accept_encoding, bool have_br, bool have_gzip);

// Whether a path names a compressed copy (ends in ".br" or ".gz"). The server answers 404
// to such paths: the copies are another form of a file that has its own URL, not files of
// the site (see http_routes.cpp).
bool is_compressed_copy(std::string_view path);

struct StaticFile {
  std::string path;         // the file to send
  Encoding encoding;        // its Content-Encoding
  bool has_copies = false;  // FILE.br or FILE.gz exists: the answer varies by Accept-Encoding
};

// The file to send for the plain file `path` (which the caller has found to exist).
// `exists` tells whether a regular file exists at a path; by default the file system.
StaticFile choose_static_file(const std::string& path, const std::string* accept_encoding,
                              const std::function<bool(const std::string&)>& exists = {});

}  // namespace kaisho::net
