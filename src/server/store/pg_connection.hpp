#pragma once
// What every PostgreSQL connection of the server shares (the store, its writer, the CPU job
// queue and the CPU workers): one way to connect, with the same timeouts, and one query result
// that clears itself.
#include <libpq-fe.h>

#include <cstdlib>
#include <string>
#include <utility>

namespace kaisho::server::pg {

// Timeouts on every connection: a database that does not answer is noticed in seconds, not
// in TCP's two hours; a statement stuck behind a lock gives up; and a server that goes silent
// in the middle of a transaction (paused, cut off) has it ended by the database after 2 s,
// so that the leases it had share-locked can be taken by the others.
inline constexpr const char* kConnectTimeout = "3";
inline constexpr const char* kSessionSettings =
    "SET statement_timeout = '5s'; SET lock_timeout = '3s'; "
    "SET idle_in_transaction_session_timeout = '2s'";

// One query's result, cleared when it goes out of scope.
class Rows {
 public:
  explicit Rows(PGresult* r) : r_(r) {}
  ~Rows() { PQclear(r_); }
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  Rows(Rows&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  bool ok() const {
    const auto s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  std::string error() const {
    if (!r_) return "no result (the connection is lost)";
    std::string m = PQresultErrorMessage(r_);
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    return m;
  }
  int size() const { return PQntuples(r_); }
  int affected() const { return std::atoi(PQcmdTuples(r_)); }
  // Whether the statement broke a constraint (a move already stored at its ply): a refusal of
  // that write alone. Any other failure (a lock timeout, a lost connection) fails the batch.
  bool broke_a_constraint() const {
    const char* state = r_ ? PQresultErrorField(r_, PG_DIAG_SQLSTATE) : nullptr;
    return state && state[0] == '2' && state[1] == '3';
  }
  std::string text(int row, int col) const { return PQgetvalue(r_, row, col); }
  bool null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  long long integer(int row, int col) const { return std::atoll(PQgetvalue(r_, row, col)); }
  double real(int row, int col) const { return std::atof(PQgetvalue(r_, row, col)); }

 private:
  PGresult* r_;
};

// Opens a connection with the timeouts above; null (and `error`) when it cannot.
PGconn* connect(const std::string& uri, std::string* error);

}  // namespace kaisho::server::pg
