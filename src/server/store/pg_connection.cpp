#include "server/store/pg_connection.hpp"

namespace kaisho::server::pg {

PGconn* connect(const std::string& uri, std::string* error) {
  const char* keys[] = {"dbname",
                        "connect_timeout",
                        "keepalives",
                        "keepalives_idle",
                        "keepalives_interval",
                        "keepalives_count",
                        "tcp_user_timeout",
                        nullptr};
  const char* values[] = {uri.c_str(), kConnectTimeout, "1", "5", "2", "2", "6000", nullptr};
  PGconn* conn = PQconnectdbParams(keys, values, 1);
  if (PQstatus(conn) != CONNECTION_OK) {
    if (error) *error = PQerrorMessage(conn);
    PQfinish(conn);
    return nullptr;
  }
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);  // "already exists" notes
  PGresult* r = PQexec(conn, kSessionSettings);
  PQclear(r);
  return conn;
}

}  // namespace kaisho::server::pg
