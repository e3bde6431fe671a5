#include "server/store/store.hpp"

namespace kaisho::server {

Result<std::unique_ptr<Store>> open_store(const std::string& where) {
  if (where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0)
    return open_postgres_store(where);
  return open_sqlite_store(where);
}

}  // namespace kaisho::server
