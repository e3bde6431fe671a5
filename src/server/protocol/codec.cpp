#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "server/protocol/json_patch.hpp"
#include "server/protocol/json_read.hpp"
#include "server/protocol/messages.hpp"

namespace kaisho::server::protocol {

using nlohmann::json;

namespace {

Error bad(std::string message) {
  return make_error("bad_message", std::move(message));
}

// Reads a required string field.
Result<std::string> str(const json& j, const char* key, size_t max = 256) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return bad(std::string("'") + key + "' must be a string");
  const auto& s = it->get_ref<const std::string&>();
  if (s.size() > max) return bad(std::string("'") + key + "' is too long");
  return s;
}
std::optional<std::string> opt_str(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}
Result<int64_t> integer(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer())
    return bad(std::string("'") + key + "' must be an integer");
  return it->get<int64_t>();
}

template <class T>
Result<Envelope> wrap(std::string rid, Result<T> r) {
  if (!r) return r.error();
  return Envelope{std::move(rid), Request(std::move(r.value()))};
}

// A game's local rules: an object of short strings (at most 32).
Result<std::vector<std::pair<std::string, std::string>>> options_of(const json& j) {
  if (!j.is_object() || j.size() > 32) return bad("'options' must be an object of strings");
  std::vector<std::pair<std::string, std::string>> o;
  for (auto& [k, v] : j.items()) {
    if (!v.is_string() || k.size() > 64 || v.get_ref<const std::string&>().size() > 64)
      return bad("option values must be short strings");
    o.emplace_back(k, v.get<std::string>());
  }
  return o;
}

bool is_device_id(const std::string& s) {
  if (s.size() < 8 || s.size() > 64) return false;
  for (char ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') return false;
  return true;
}

constexpr size_t kMaxPracticeMoves = 2000;

Result<Request> practice_game(const json& j) {
  PracticeGame p;
  auto id = str(j, "id", 64);
  if (!id) return id.error();
  if (!is_device_id(id.value())) return bad("'id' must be 8 to 64 letters, digits, - or _");
  p.id = id.value();
  auto game = str(j, "game", 32);
  if (!game) return game.error();
  p.game = game.value();
  if (auto it = j.find("options"); it != j.end()) {
    auto o = options_of(*it);
    if (!o) return o.error();
    p.options = std::move(o.value());
  }
  auto side = integer(j, "side");
  if (!side) return side.error();
  auto level = integer(j, "level");
  if (!level) return level.error();
  if (level.value() < 1 || level.value() > 8) return bad("'level' must be 1 to 8");
  p.side = static_cast<int>(std::clamp<int64_t>(side.value(), -1, 100));
  p.level = static_cast<int>(level.value());
  if (j.contains("start")) {
    auto start = str(j, "start", 512);
    if (!start) return start.error();
    p.start = start.value();
  }
  auto moves = j.find("moves");
  if (moves == j.end() || !moves->is_array() || moves->size() > kMaxPracticeMoves)
    return bad("'moves' must be an array of at most 2000 move texts");
  for (const auto& m : *moves) {
    if (!m.is_string() || m.get_ref<const std::string&>().size() > 32)
      return bad("each move must be a short string");
    p.moves.push_back(m.get<std::string>());
  }
  if (auto it = j.find("resigned"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer()) return bad("'resigned' must be a seat or null");
    p.resigned = static_cast<int>(std::clamp<int64_t>(it->get<int64_t>(), -1, 100));
  }
  auto started = integer(j, "started_ms");
  if (!started) return started.error();
  auto ended = integer(j, "ended_ms");
  if (!ended) return ended.error();
  p.started_ms = started.value();
  p.ended_ms = ended.value();
  return Request(std::move(p));
}

Result<Request> group_only(const json& j, auto make) {
  auto g = str(j, "group", 64);
  if (!g) return g.error();
  return Request(make(g.value()));
}

}  // namespace

Result<Envelope> decode_request(std::string_view text, std::string* rid_out) {
  if (text.size() > kMaxFrameBytes) return make_error("too_large", "message larger than 16 KiB");
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return make_error("bad_json", "the message is not valid JSON");
  if (!j.is_object()) return bad("the message must be a JSON object");
  // The request id first, so that every later error can echo it.
  std::string rid;
  if (auto it = j.find("rid"); it != j.end()) {
    if (!it->is_string() || it->get_ref<const std::string&>().size() > 64)
      return bad("'rid' must be a short string");
    rid = it->get<std::string>();
    if (rid_out) *rid_out = rid;
  }
  auto type = str(j, "type", 32);
  if (!type) return type.error();
  const std::string& t = type.value();
  auto done = [&](Result<Request> r) -> Result<Envelope> {
    if (!r) return r.error();
    return Envelope{rid, std::move(r.value())};
  };
  if (t == "hello") {
    Hello h;
    if (j.contains("token") && !j["token"].is_null()) {
      auto tok = str(j, "token", 128);
      if (!tok) return tok.error();
      h.token = tok.value();
    }
    if (j.contains("name")) {
      auto n = str(j, "name", 512);
      if (!n) return n.error();
      h.name = n.value();
    }
    if (j.contains("patches")) {
      if (!j["patches"].is_boolean()) return bad("'patches' must be true or false");
      h.patches = j["patches"].get<bool>();
    }
    return done(Request(h));
  }
  if (t == "set_name") {
    auto n = str(j, "name", 512);
    if (!n) return n.error();
    return done(Request(SetName{n.value()}));
  }
  if (t == "create_group") {
    auto g = str(j, "game", 32);
    if (!g) return g.error();
    return done(Request(CreateGroup{g.value()}));
  }
  if (t == "join_group") return done(group_only(j, [](std::string g) { return JoinGroup{g}; }));
  if (t == "leave_group") return done(group_only(j, [](std::string g) { return LeaveGroup{g}; }));
  if (t == "start") return done(group_only(j, [](std::string g) { return StartGame{g}; }));
  if (t == "resign") return done(group_only(j, [](std::string g) { return Resign{g}; }));
  if (t == "settings") {
    ChangeSettings c;
    auto g = str(j, "group", 64);
    if (!g) return g.error();
    c.group = g.value();
    c.game = opt_str(j, "game");
    if (j.contains("game") && !c.game) return bad("'game' must be a string");
    if (auto it = j.find("options"); it != j.end()) {
      auto o = options_of(*it);
      if (!o) return o.error();
      c.options = std::move(o.value());
    }
    if (j.contains("timer")) {
      auto n = integer(j, "timer");
      if (!n) return n.error();
      c.timer = static_cast<int>(std::clamp<int64_t>(n.value(), -1, 1000));
    }
    if (j.contains("cpu_level")) {
      auto n = integer(j, "cpu_level");
      if (!n) return n.error();
      c.cpu_level = static_cast<int>(std::clamp<int64_t>(n.value(), -1, 1000));
    }
    return done(Request(c));
  }
  if (t == "seat") {
    TakeSeat s;
    auto g = str(j, "group", 64);
    if (!g) return g.error();
    s.group = g.value();
    auto it = j.find("seat");
    if (it == j.end()) return bad("'seat' is required (an index, or null)");
    if (!it->is_null()) {
      if (!it->is_number_integer()) return bad("'seat' must be an integer or null");
      s.seat = static_cast<int>(std::clamp<int64_t>(it->get<int64_t>(), -1, 100));
    }
    return done(Request(s));
  }
  if (t == "move") {
    auto g = str(j, "group", 64);
    if (!g) return g.error();
    auto m = str(j, "move", 32);
    if (!m) return m.error();
    auto v = integer(j, "version");
    if (!v) return v.error();
    return done(Request(PlayMove{g.value(), m.value(), v.value()}));
  }
  if (t == "sync") {
    auto g = str(j, "group", 64);
    if (!g) return g.error();
    auto v = integer(j, "version");
    if (!v) return v.error();
    return done(Request(Sync{g.value(), v.value()}));
  }
  if (t == "remove_member") {
    auto g = str(j, "group", 64);
    if (!g) return g.error();
    auto p = str(j, "person", 64);
    if (!p) return p.error();
    return done(Request(RemoveMember{g.value(), p.value()}));
  }
  if (t == "history") return done(Request(ListHistory{}));
  if (t == "practice_game") return done(practice_game(j));
  if (t == "ping") return done(Request(Ping{}));
  if (t == "record") {
    auto id = integer(j, "game_id");
    if (!id) return id.error();
    return done(Request(GetRecord{id.value()}));
  }
  return make_error("unknown_type", "unknown message type '" + t.substr(0, 32) + "'");
}

std::string encode_practice_stored(const std::string& id, int64_t game_id) {
  return json{{"type", "practice_stored"}, {"id", id}, {"game_id", game_id}}.dump();
}

std::string encode(const Welcome& m) {
  json j = {{"type", "welcome"},
            {"protocol", kVersion},
            {"token", m.token},
            {"person", {{"id", m.person_id}, {"name", m.name}, {"default_name", m.default_name}}}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string with_rid(std::string reply, const std::string& rid) {
  if (rid.empty() || reply.size() < 2 || reply.front() != '{') return reply;
  std::string field = "\"rid\":" + json(rid).dump(-1, ' ', false, json::error_handler_t::replace);
  if (reply[1] != '}') field += ',';
  reply.insert(1, field);
  return reply;
}

std::string encode_pong(const std::string& rid) {
  json j = {{"type", "pong"}};
  if (!rid.empty()) j["rid"] = rid;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string encode(const ErrorReply& m) {
  json j = {{"type", "error"}, {"code", m.code}, {"message", m.message}};
  if (!m.rid.empty()) j["rid"] = m.rid;
  if (!m.params.empty()) {
    json params = json::object();
    for (const auto& [k, v] : m.params) params[k] = v;
    j["params"] = params;
  }
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

json result_json(const ResultView& r) {
  json changes = json::array();
  for (const auto& c : r.rating_changes)
    changes.push_back({{"person", c.person_id},
                       {"seat", c.seat},
                       {"before", c.before},
                       {"after", c.after},
                       {"deviation_before", c.deviation_before},
                       {"deviation_after", c.deviation_after},
                       {"expected", c.expected},
                       {"score", c.score},
                       {"provisional_before", c.provisional_before},
                       {"provisional", c.provisional},
                       {"rule", c.rule},
                       {"counted", c.counted}});
  json j = {{"kind", r.kind}, {"reason", r.reason}, {"rating_changes", changes}};
  if (r.kind == "win") j["winner"] = r.winner;
  if (r.kind == "placement") j["places"] = r.places;
  return j;
}

json players_json(const std::vector<PlayerRef>& seats) {
  json out = json::array();
  for (const auto& p : seats) {
    if (p.person_id.empty())
      out.push_back({{"kind", "cpu"}, {"level", p.cpu_level}});
    else
      out.push_back(
          {{"kind", "person"}, {"person", p.person_id}, {"default_name", p.default_name}});
  }
  return out;
}

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

// `"key":` followed by the JSON text of value.
void append_field(std::string& out, std::string_view key, const json& value) {
  out += '"';
  out += key;
  out += "\":";
  out += dump(value);
}

}  // namespace

std::string encode_result(const ResultView& r) {
  return dump(result_json(r));
}

Result<ResultView> decode_result(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return bad("a result is not valid JSON");
  // A result is also read back from the store, where it may be old or damaged: every field is
  // checked for its type. Fields added later read as their defaults in older results.
  ResultView r;
  json_read::FieldReader fields(j, "the result");
  json changes = json::array();
  fields.required("kind", r.kind)
      .optional("winner", r.winner)
      .optional("places", r.places)
      .optional("reason", r.reason);
  if (fields.ok() && j.contains("rating_changes")) changes = j["rating_changes"];
  fields.check(changes.is_array(), "has rating_changes that are not a list");
  if (!fields.ok()) return bad(fields.error().message);
  for (const auto& c : changes) {
    RatingChange rc;
    json_read::FieldReader change(c, "a rating change");
    change.optional("person", rc.person_id)
        .optional("seat", rc.seat)
        .optional("before", rc.before)
        .optional("after", rc.after)
        .optional("deviation_before", rc.deviation_before)
        .optional("deviation_after", rc.deviation_after)
        .optional("expected", rc.expected)
        .optional("score", rc.score)
        .optional("provisional_before", rc.provisional_before)
        .optional("provisional", rc.provisional)
        .optional("rule", rc.rule)
        .optional("counted", rc.counted);
    if (!change.ok()) return bad(change.error().message);
    r.rating_changes.push_back(rc);
  }
  return r;
}

std::string encode_schema(const rules::OptionSchema& schema) {
  json out = json::array();
  for (const auto& s : schema)
    out.push_back({{"key", s.key},
                   {"kind", std::string(rules::to_string(s.kind))},
                   {"choices", s.choices},
                   {"default", s.default_value()},
                   {"meaning", s.meaning}});
  return dump(out);
}

std::string encode_board(const rules::BoardGeometry& b) {
  json points = json::array();
  for (const auto& p : b.points) points.push_back({{"name", p.name}, {"x", p.x}, {"y", p.y}});
  json lines = json::array();
  for (auto [a, c] : b.lines) lines.push_back({a, c});
  return dump({{"kind", b.kind == rules::BoardGeometry::Kind::Grid ? "grid" : "graph"},
               {"columns", b.columns},
               {"rows", b.rows},
               {"points", points},
               {"lines", lines}});
}

// What an encoder keeps: the shared state as a document (to diff the next state against),
// the option schema and board as the text the caller cached, and the message's text up to the
// member's own part.
struct GroupEncoder::Shared {
  std::string id;
  int64_t version = 0;
  json state;  // the group object without option_schema, board, your_seats and you, and
               // with the legal moves compact (compact_moves)
  std::string schema_json;
  std::string board_json;
  std::string head;  // {"type":"group","group":{...,"table":{...,"your_seats":
};

// The text is composed by hand around fragments: {"type":"group","group":{...shared...,
// "table":{...shared...,"your_seats":[...]},"you":"..."},"missed":[...]}.
GroupEncoder::GroupEncoder(const GroupView& g) {
  auto owned = std::make_shared<Shared>();
  Shared& sh = *owned;
  sh.id = g.id;
  sh.version = g.version;
  sh.schema_json = g.schema_json;
  sh.board_json = g.board_json;
  json members = json::array();
  for (const auto& m : g.members)
    members.push_back(
        {{"id", m.id}, {"name", m.name}, {"present", m.present}, {"default_name", m.default_name}});
  json seats = json::array();
  for (const auto& s : g.seats) {
    json seat = {{"seat", s.seat},       {"kind", s.cpu ? "cpu" : "person"},
                 {"name", s.name},       {"present", s.present},
                 {"away", s.away},       {"cpu_playing", s.cpu_playing},
                 {"planned", s.planned}, {"left", s.left}};
    if (s.cpu) {
      seat["cpu_level"] = s.cpu_level;
    } else {
      seat["person"] = s.person_id;
      seat["default_name"] = s.default_name;
    }
    if (s.rating)
      seat["rating"] = {{"value", s.rating->value},
                        {"deviation", s.rating->deviation},
                        {"games", s.rating->games},
                        {"provisional", s.rating->provisional}};
    seats.push_back(seat);
  }
  json table = {{"status", g.status},
                {"seat_names", g.seat_names},
                {"seats", std::move(seats)},
                {"next_players", g.next_players}};
  if (g.current) {
    const GameView& v = *g.current;
    json game = {{"id", v.id},
                 {"number", v.number},
                 {"position", v.position},
                 {"start", v.start},
                 {"moves", v.moves},
                 {"to_move", v.to_move},
                 {"legal_moves", v.legal_moves},
                 {"last_move", v.last_move},
                 {"in_check", v.in_check},
                 {"out", v.out}};
    json clock = {{"limit", v.clock_limit}};
    if (v.remaining_ms) clock["remaining_ms"] = *v.remaining_ms;
    game["clock"] = clock;
    if (v.result) game["result"] = result_json(*v.result);
    json stand_ins = json::array();
    for (const auto& si : v.stand_ins)
      stand_ins.push_back({{"ply", si.ply}, {"seat", si.seat}, {"reason", si.reason}});
    game["stand_ins"] = stand_ins;
    if (!v.notation.empty()) game["notation"] = v.notation;
    table["game"] = std::move(game);
  }
  sh.state = {
      {"id", g.id},
      {"version", g.version},
      {"game", g.game},
      {"settings", {{"options", g.options}, {"timer", g.timer}, {"cpu_level", g.cpu_level}}},
      {"members", std::move(members)},
      {"table", std::move(table)}};

  const json& t = sh.state["table"];
  std::string& head = sh.head;
  head = "{\"type\":\"group\",\"group\":{";
  for (const char* key : {"id", "version", "game", "settings", "members"}) {
    append_field(head, key, sh.state[key]);
    head += ',';
  }
  if (!g.schema_json.empty()) {
    head += "\"option_schema\":";
    head += g.schema_json;
    head += ',';
  }
  head += "\"table\":{";
  for (const char* key : {"status", "seat_names", "seats", "next_players"}) {
    append_field(head, key, t[key]);
    head += ',';
  }
  if (!g.board_json.empty()) {
    head += "\"board\":";
    head += g.board_json;
    head += ',';
  }
  if (auto game = t.find("game"); game != t.end()) {
    append_field(head, "game", *game);
    head += ',';
  }
  head += "\"your_seats\":";
  // What the next state is diffed against holds the legal moves compact (they change whole
  // with every move, and are the largest part of a patch).
  if (auto game = sh.state["table"].find("game"); game != sh.state["table"].end() && g.current)
    if (auto compact = compact_moves(g.current->legal_moves)) (*game)["legal_moves"] = *compact;
  shared_ = std::move(owned);
}

GroupEncoder::~GroupEncoder() = default;

int64_t GroupEncoder::version() const {
  return shared_->version;
}

std::string GroupEncoder::for_member(const std::string& you, const std::vector<int>& your_seats,
                                     const std::vector<MissedEvent>* missed) const {
  const std::string& head = shared_->head;
  std::string out;
  out.reserve(head.size() + 64 + you.size());
  out += head;
  out += dump(your_seats);
  out += "},";
  append_field(out, "you", you);
  out += '}';
  if (missed) {
    json list = json::array();
    for (const auto& e : *missed)
      list.push_back({{"version", e.version}, {"kind", e.kind}, {"detail", e.detail}});
    out += ',';
    append_field(out, "missed", list);
  }
  out += '}';
  return out;
}

std::optional<GroupPatch> GroupEncoder::patch_since(const GroupEncoder& before) const {
  const Shared& now = *shared_;
  const Shared& was = *before.shared_;
  if (now.id != was.id || now.version <= was.version || now.schema_json != was.schema_json ||
      now.board_json != was.board_json)
    return std::nullopt;
  const json ops = json_diff(was.state, now.state);
  GroupPatch patch;
  patch.head_ = "{\"type\":\"group_patch\",";
  append_field(patch.head_, "group", now.id);
  patch.head_ += ',';
  append_field(patch.head_, "base", was.version);
  patch.head_ += ',';
  append_field(patch.head_, "version", now.version);
  patch.head_ += ',';
  append_field(patch.head_, "ops", ops);
  patch.head_ += ",\"your_seats\":";
  // Worth it only when smaller than the whole state.
  if (patch.head_.size() >= now.head.size()) return std::nullopt;
  return patch;
}

std::string GroupPatch::for_member(const std::vector<int>& your_seats) const {
  std::string out = head_;
  out += dump(your_seats);
  out += '}';
  return out;
}

std::string encode(const GroupView& g, const std::vector<MissedEvent>* missed) {
  return GroupEncoder(g).for_member(g.you, g.your_seats, missed);
}

std::string encode(const std::vector<HistoryEntry>& games) {
  json list = json::array();
  for (const auto& g : games) {
    const json result = g.result ? result_json(*g.result) : json();
    list.push_back({{"game_id", g.game_id},
                    {"game", g.game},
                    {"group", g.group},
                    {"practice", g.practice},
                    {"players", g.players},
                    {"seats", players_json(g.seats)},
                    {"result", result},
                    {"started_ms", g.started_ms},
                    {"ended_ms", g.ended_ms}});
  }
  return json{{"type", "history"}, {"games", list}}.dump(-1, ' ', false,
                                                         json::error_handler_t::replace);
}

std::string encode(const RecordView& r) {
  const json result = r.result ? result_json(*r.result) : json();
  json j = {{"type", "record"},       {"game_id", r.game_id}, {"game", r.game},
            {"practice", r.practice}, {"players", r.players}, {"seats", players_json(r.seats)},
            {"start", r.start},       {"moves", r.moves},     {"positions", r.positions},
            {"result", result},       {"options", r.options}, {"exports", r.exports}};
  if (!r.notation.empty()) j["notation"] = r.notation;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace kaisho::server::protocol
