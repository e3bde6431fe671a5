#include "server/store/store.hpp"

namespace kaisho::server {

bool is_postgres_uri(const std::string& where) {
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

Result<std::unique_ptr<Store>> open_store(const std::string& where) {
  if (is_postgres_uri(where)) return open_postgres_store(where);
  return open_sqlite_store(where);
}

}  // namespace kaisho::server
