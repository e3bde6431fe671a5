#pragma once
// The halls of one process, when its groups are spread over several halls (one per core, each
// on its own strand): what they share. Each group is played by one hall at a time (claims);
// presence is a person's, whichever hall their connections are on, so a person who connects
// to one hall is present at their tables in every hall. Thread-safe: every hall calls it from
// its own strand.
#include <string>

namespace kaisho::server {

class HallSiblings {
 public:
  virtual ~HallSiblings() = default;
  // Takes `group` for hall `me` unless another hall of this process holds it; returns the
  // holder (`me` when the claim is ours).
  virtual int claim(const std::string& group, int me) = 0;
  virtual void release(const std::string& group, int me) = 0;
  // A connection of `person` opened (closed) on hall `me`. When the person's first connection
  // opens or last one closes, every other hall is told (Hall::presence_elsewhere).
  virtual void connected(const std::string& person, int me) = 0;
  virtual void disconnected(const std::string& person, int me) = 0;
  virtual bool present(const std::string& person) const = 0;
  // `person` took the name `name` on hall `me`: every other hall is told
  // (Hall::renamed_elsewhere), so that their tables show it.
  virtual void renamed(const std::string& person, const std::string& name, int me) = 0;
};

}  // namespace kaisho::server
