#pragma once
// One line per event on standard error, for the operator and the machines that read the logs
// (journald from the systemd units, then whatever collects them): a JSON object per line with
// the time (UTC, milliseconds), the level, the message, this process's server name and this
// thread's hall where they are set, and the fields the caller gives (a group, an anonymised
// person: never a device token, never a person's id in the clear). Safe from any thread (a
// line is written whole).
//
//   {"time":"2026-12-07T01:02:03.456Z","level":"warning","server":"s1","hall":"0",
//    "group":"4jksus4k...","msg":"group is loaded again: its table differed from the store"}
#include <initializer_list>
#include <string>
#include <string_view>

namespace kaisho::log {

struct Field {
  std::string_view key;
  std::string value;
};

void error(std::string_view message, std::initializer_list<Field> fields = {});
void warning(std::string_view message, std::initializer_list<Field> fields = {});
void info(std::string_view message, std::initializer_list<Field> fields = {});

// The server's name on every line of this process (`kaisho serve --server-name`).
void set_server(std::string name);
// The hall on every line of the calling thread (a hall's event loop).
void set_hall(std::string hall);

// A person as the logs name them: a short keyed hash of their id, the same for one person
// within one process, that does not say who they are.
std::string person(std::string_view person_id);

// The line `message` with `fields` would be, without the time (for tests).
std::string format(std::string_view level, std::string_view message,
                   std::initializer_list<Field> fields);

}  // namespace kaisho::log
