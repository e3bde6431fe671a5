#pragma once
// Errors as values: every input boundary (parsing text, applying a move, decoding a message)
// returns a Result instead of throwing, so bad input can never crash the process or leave a
// half-changed state behind.
#include <cassert>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace kaisho {

// A human-readable description of what is wrong with an input, precise enough to act on.
struct Error {
  std::string message;
  std::string code;  // optional machine-readable kind, e.g. "illegal_move" (protocol errors)
  // Optional machine-readable details for the code, in a fixed order, so that a client can
  // say what is wrong in its own language (e.g. {"move", "2h2c"}, {"reason", "cannot_reach"},
  // {"piece", "rook"}, ...: see rules/api/illegal_move.hpp).
  std::vector<std::pair<std::string, std::string>> params;
};

inline Error make_error(std::string message) {
  return Error{std::move(message), {}, {}};
}
inline Error make_error(std::string code, std::string message) {
  return Error{std::move(message), std::move(code), {}};
}
inline Error make_error(std::string code, std::string message,
                        std::vector<std::pair<std::string, std::string>> params) {
  return Error{std::move(message), std::move(code), std::move(params)};
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : data_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(data_);
  }

 private:
  std::variant<T, Error> data_;
};

// Result<void>: success carries nothing.
struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() {
  return Status(Ok{});
}

}  // namespace kaisho
