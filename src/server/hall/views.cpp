// What members are shown: the group state (one encoding for all), sync, history, records.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"
#include "server/records/export.hpp"

namespace kaisho::server {

namespace {

// A stored game's players by seat as references, for clients that name them themselves.
std::vector<pr::PlayerRef> player_refs(const StoredGame& game) {
  std::vector<pr::PlayerRef> out;
  for (const auto& p : game.players) {
    pr::PlayerRef ref;
    ref.person_id = p.person;
    ref.cpu_level = p.person.empty() ? p.cpu_level : 0;
    ref.default_name = !p.person.empty() && p.name == default_name_for(p.person);
    out.push_back(ref);
  }
  return out;
}

std::vector<std::string> player_names(const StoredGame& game) {
  std::vector<std::string> out;
  for (const auto& p : game.players) out.push_back(p.name.empty() ? "?" : p.name);
  return out;
}

}  // namespace

pr::GroupView Hall::view(const Group& g, const std::string& person_id) const {
  pr::GroupView v;
  const rules::Game& game = g.rules_game();
  v.id = g.id;
  v.version = g.version;
  v.game = g.game;
  const rules::Options options = g.game_options();
  for (auto& [k, val] : options.values()) v.options[k] = val;
  v.timer = g.timer;
  v.cpu_level = g.cpu_level;
  auto schema = encoded_schemas_.find(g.game);
  if (schema == encoded_schemas_.end())
    schema = encoded_schemas_.emplace(g.game, pr::encode_schema(game.option_schema())).first;
  v.schema_json = schema->second;
  for (const auto& m : g.members)
    v.members.push_back({m, name_of(m), present(m), has_default_name(m)});
  v.you = person_id;
  v.status = std::string(to_string(g.status));
  v.seat_names = game.seat_names();
  const size_t n = static_cast<size_t>(game.seat_count());
  const std::vector<std::string> seats = seats_shown(g);
  for (size_t s = 0; s < n; ++s) {
    pr::SeatView sv;
    sv.seat = static_cast<int>(s);
    const std::string owner = s < seats.size() ? seats[s] : std::string();
    sv.cpu = owner.empty();
    sv.person_id = owner;
    sv.name = owner.empty() ? "CPU " + std::to_string(g.cpu_level) : name_of(owner);
    sv.default_name = !owner.empty() && has_default_name(owner);
    sv.cpu_level = owner.empty() ? g.cpu_level : 0;
    sv.present = !owner.empty() && present(owner);
    sv.away = !owner.empty() && !at_table(g, owner);
    sv.left = !owner.empty() && g.status != TableStatus::Idle && !is_member(g, owner);
    sv.cpu_playing = g.cpu_seat == static_cast<int>(s) && !owner.empty();
    sv.planned = g.status == TableStatus::Idle && !owner.empty() &&
                 (s >= g.chosen.size() || g.chosen[s] != owner);
    const rating::Rating r = owner.empty() ? cpu_rating(g.cpu_level) : rating_of(owner, g.game);
    sv.rating = pr::RatingView{r.rating, r.deviation, owner.empty() ? 0 : games_of(owner, g.game),
                               !owner.empty() && rating::is_provisional(r)};
    v.seats.push_back(sv);
  }
  v.your_seats = your_seats(g, person_id);
  if (g.status != TableStatus::Playing)
    for (const auto& p : next_lineup(g))
      if (!p.empty()) v.next_players.push_back(p);
  const std::string board_key = g.game + (g.game == "musashi" ? options.get("board") : "");
  auto b = encoded_boards_.find(board_key);
  if (b == encoded_boards_.end())
    b = encoded_boards_.emplace(board_key, pr::encode_board(game.board(options))).first;
  v.board_json = b->second;
  if (g.state) {
    pr::GameView gv;
    gv.id = g.game_db_id;
    gv.number = g.game_number;
    gv.position = g.state->position_text();
    gv.start = g.state->start_text();
    gv.moves = g.state->moves_played();
    gv.to_move = g.state->seat_to_move();
    gv.legal_moves = g.state->legal_moves();
    std::sort(gv.legal_moves.begin(), gv.legal_moves.end());
    gv.last_move = gv.moves.empty() ? "" : gv.moves.back();
    gv.in_check = g.state->seats_in_check();
    gv.out = g.state->seats_out();
    gv.clock_limit = g.timer;
    if (g.timer > 0 && g.status == TableStatus::Playing && gv.to_move >= 0 &&
        !g.seats[static_cast<size_t>(gv.to_move)].empty())
      gv.remaining_ms =
          std::max<int64_t>(0, g.turn_started_ms + g.timer * 1000 - scheduler_.now_ms());
    gv.result = g.result;
    gv.stand_ins = g.stand_ins;
    for (const auto& style : g.state->readable_styles()) {
      auto& list = g.notation[style];
      if (list.size() > gv.moves.size()) list.clear();
      if (list.size() < gv.moves.size()) {
        const auto more = g.state->readable_moves(style, list.size());
        list.insert(list.end(), more.begin(), more.end());
      }
      if (list.size() == gv.moves.size()) gv.notation[style] = list;
    }
    v.current = gv;
  }
  return v;
}

std::vector<int> Hall::your_seats(const Group& g, const std::string& person_id) const {
  std::vector<int> out;
  const std::vector<std::string> seats = seats_shown(g);
  for (size_t s = 0; s < seats.size(); ++s)
    if (!person_id.empty() && seats[s] == person_id) out.push_back(static_cast<int>(s));
  return out;
}

void Hall::broadcast(Group& g) {
  // A change of the group's record is stored before it is shown: while a write of the group
  // is in flight the showing waits for it, and a record that changed is written first.
  // (Should that write fail, the change is shown all the same and written again with the
  // next one.)
  if (g.committing) {
    g.show_after = true;
    return;
  }
  if (g.dirty && !g.record_failed) {
    g.show_after = true;
    persist(g, {}, nullptr);
    return;
  }
  g.record_failed = false;
  // Built once for the members online; sent to connections that take patches (hello) as what
  // changed since the state shown before, when that is smaller. With nobody online the next
  // state goes whole.
  std::optional<pr::GroupEncoder> encoder;
  std::optional<pr::GroupPatch> patch;
  for (const auto& m : g.members) {
    auto p = persons_.find(m);
    if (p == persons_.end() || p->second->conns.empty()) continue;
    if (!encoder) {
      encoder.emplace(view(g, ""));
      if (g.shown) patch = encoder->patch_since(*g.shown);
    }
    const auto seats = your_seats(g, m);
    std::string whole, changes;  // each made once, for the member's connections that take it
    for (ConnId c : p->second->conns) {
      auto conn = conns_.find(c);
      if (conn == conns_.end()) continue;
      int64_t& held = conn->second.holds[g.id];
      if (patch && conn->second.patches && held == g.shown->version()) {
        if (changes.empty()) changes = patch->for_member(seats);
        outbox_.send(c, changes);
      } else {
        if (whole.empty()) whole = encoder->for_member(m, seats);
        outbox_.send(c, whole);
      }
      held = g.version;
    }
  }
  g.shown = std::move(encoder);
}

void Hall::on_sync(ConnId c, const std::string& rid, const pr::Sync& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  std::vector<pr::MissedEvent> missed;
  for (const auto& e : g->log)
    if (e.version > m.version) missed.push_back(e);
  outbox_.send(c, pr::with_rid(pr::encode(view(*g, person_of(c)), &missed), rid));
  if (auto conn = conns_.find(c); conn != conns_.end()) conn->second.holds[g->id] = g->version;
}

void Hall::on_history(ConnId c, const std::string& rid) {
  // Each list is a read of the database: a person may ask only so often.
  const std::string person = person_of(c);
  if (!limits_->take_history(person, scheduler_.now_ms()))
    return send_error(c, rid,
                      make_error("rate_limited",
                                 "your games were listed many times lately; "
                                 "try again later",
                                 {{"reason", "history"}}));
  // Read and made off the hall's thread (the games without their moves); sent when in.
  reads_.read<Result<std::string>>(
      scheduler_,
      [person](Store& store) -> Result<std::string> {
        auto rows = store.history_of(person, 100);
        if (!rows) return rows.error();
        std::vector<pr::HistoryEntry> out;
        for (auto& row : rows.value()) {
          // A game whose record cannot be read is left out of the list (and logged), not the
          // list.
          auto data = decode_stored_game(row.data_json, row.game);
          auto result = pr::decode_result(row.result_json);
          if (!data || !result) {
            log::error("a game that cannot be read is left out of a history",
                       {{"game", std::to_string(row.id)},
                        {"error", data ? result.error().message : data.error().message}});
            continue;
          }
          pr::HistoryEntry e;
          e.game_id = row.id;
          e.game = row.game;
          e.group = row.group_id;
          e.practice = data->practice;
          e.players = player_names(data.value());
          e.seats = player_refs(data.value());
          e.result = result.value();
          e.started_ms = row.started_ms;
          e.ended_ms = row.ended_ms;
          out.push_back(std::move(e));
        }
        return pr::encode(out);
      },
      [this, alive = alive_check(), c, rid](Result<std::string> made) {
        if (!alive() || !conns_.contains(c)) return;
        if (!made) {
          meters_->read_failed("history");
          return send_error(c, rid, "store", "your games cannot be listed now; try again");
        }
        outbox_.send(c, pr::with_rid(std::move(made.value()), rid));
      });
}

namespace {

// A stored game as its record page shows it, or why it cannot be shown; with its group's
// members when the person asking did not play it (membership grants the record).
struct RecordRead {
  Result<GameRow> row = make_error("store", "not read");
  Result<pr::RecordView> view = make_error("store", "the game cannot be read now; try again");
  std::optional<std::vector<std::string>> members;  // read when needed, if the group is there
};

Result<pr::RecordView> record_view(const GameRow& row) {
  auto data = decode_stored_game(row.data_json, row.game);
  std::optional<pr::ResultView> result;
  if (!row.result_json.empty()) {
    auto decoded = pr::decode_result(row.result_json);
    if (decoded) result = decoded.value();
    if (!decoded) data = decoded.error();
  }
  if (!data) {
    log::error("a game's record cannot be read",
               {{"game", std::to_string(row.id)}, {"error", data.error().message}});
    return make_error("game_unreadable", "the game's stored record cannot be read");
  }
  pr::RecordView r;
  r.game_id = row.id;
  r.game = row.game;
  r.practice = data->practice;
  r.players = player_names(data.value());
  r.seats = player_refs(data.value());
  r.options = data->options;
  r.start = row.start_text;
  r.moves = row.moves;
  // Every position of the game, for replaying it in the client (which holds no rules).
  const rules::Game* game = rules::find_game(row.game);
  std::vector<std::pair<std::string, std::string>> o(r.options.begin(), r.options.end());
  auto options =
      game ? game->make_options(o) : Result<rules::Options>(make_error("unknown game " + row.game));
  auto state = options ? game->from_position(row.start_text, options.value())
                       : Result<std::unique_ptr<rules::GameState>>(options.error());
  if (state) {
    r.positions.push_back(state.value()->position_text());
    for (const auto& move : row.moves) {
      if (!state.value()->play(move)) break;
      r.positions.push_back(state.value()->position_text());
    }
    for (const auto& style : state.value()->readable_styles())
      if (auto list = state.value()->readable_moves(style, 0); list.size() == r.moves.size())
        r.notation[style] = std::move(list);
  }
  r.result = result;
  r.exports = export_record(row, r.players);
  return r;
}

}  // namespace

void Hall::on_record(ConnId c, const std::string& rid, const pr::GetRecord& m) {
  const std::string me = person_of(c);
  // Read, replayed and made off the hall's thread; who may see it is decided here.
  reads_.read<RecordRead>(
      scheduler_,
      [game_id = m.game_id, me](Store& store) {
        RecordRead read;
        read.row = store.game(game_id);
        if (!read.row) return read;
        const auto& players = read.row->player_ids;
        bool allowed = std::find(players.begin(), players.end(), me) != players.end();
        if (!allowed) {
          // A member of the group may see its games; the group may be played by another
          // server, so its members are read (the hall uses its own if it holds the group).
          // Read through the one codec: a damaged group record grants nothing.
          if (auto stored = store.group(read.row->group_id))
            if (auto record = decode_stored_group(stored->data_json))
              read.members = std::move(record->members);
          allowed = read.members && std::find(read.members->begin(), read.members->end(), me) !=
                                        read.members->end();
        }
        // Replayed only for someone the store says may see it (the work is not done for others).
        if (allowed) read.view = record_view(read.row.value());
        return read;
      },
      [this, alive = alive_check(), c, rid, me, game_id = m.game_id](RecordRead read) {
        if (!alive() || !conns_.contains(c)) return;
        if (!read.row) {
          if (read.row.error().code == "store") {
            meters_->read_failed("record");
            return send_error(c, rid, "store", "the game cannot be read now; try again");
          }
          return send_error(c, rid, "no_game", read.row.error().message);
        }
        // A record is for the people who played it and the members of its group.
        const auto& players = read.row->player_ids;
        bool allowed = std::find(players.begin(), players.end(), me) != players.end();
        if (!allowed) {
          if (auto it = groups_.find(read.row->group_id); it != groups_.end())
            allowed = is_member(*it->second, me);
          else if (read.members)
            allowed =
                std::find(read.members->begin(), read.members->end(), me) != read.members->end();
        }
        if (!allowed) return send_error(c, rid, "no_game", "no game " + std::to_string(game_id));
        // Not made: a member the store did not know of yet (joined as it was read), or a record
        // that cannot be read.
        if (!read.view) return send_error(c, rid, read.view.error());
        outbox_.send(c, pr::with_rid(pr::encode(read.view.value()), rid));
      });
}

}  // namespace kaisho::server
