// Playing: starting a game, a move (checked, stored, then shown), resignation.
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"

namespace kaisho::server {

void Hall::on_start(ConnId c, const std::string& rid, const pr::StartGame& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status == TableStatus::Playing)
    return send_error(c, rid, "game_in_progress", "a game is already being played");
  if (!plays_next_game(*g, person_of(c))) return refuse_spectator(c, rid);
  start_game(*g, [this, c, rid](Group&, Status s) {
    if (!s) send_error(c, rid, s.error());
  });
}

void Hall::start_game(Group& g, Done done) {
  const rules::Game& game = g.rules_game();
  const size_t n = static_cast<size_t>(game.seat_count());
  const std::vector<std::string> seats = next_lineup(g);
  const rules::Options options = g.game_options();
  auto made = game.new_game(options);
  if (!made) return done(g, make_error("bad_settings", made.error().message));
  // A game with a CPU seat starts only if the CPU can promise its reply bound (docs/cpu.md).
  if (std::find(seats.begin(), seats.end(), "") != seats.end()) {
    const CpuAdmission admitted = cpu_.admit(cpu_owner(g, seats), g.id, g.game, g.cpu_level);
    if (!admitted.admitted) {
      const int level = admitted.level_available;
      return done(g, make_error("cpu_busy",
                                level > 0 ? "the CPU is busy: level " + std::to_string(level) +
                                                " or below can start now"
                                          : "the CPU is busy: try again in a minute",
                                {{"reason", level > 0 ? "lower_level" : "full"},
                                 {"level", std::to_string(level)}}));
    }
  }
  StoredGame data;
  data.options.insert(options.values().begin(), options.values().end());
  data.cpu_level = g.cpu_level;
  GameRow row;
  row.group_id = g.id;
  row.game = g.game;
  row.start_text = made.value()->start_text();
  row.started_ms = scheduler_.wall_ms();
  for (size_t s = 0; s < n; ++s) {
    if (seats[s].empty())
      data.players.push_back({"", g.cpu_level, "CPU"});
    else
      data.players.push_back({seats[s], 0, name_of(seats[s])});
    row.player_ids.push_back(seats[s]);
  }
  row.data_json = encode_stored_game(data);
  // The game is recorded (its id is the store's) before the table changes.
  std::shared_ptr<rules::GameState> state = std::move(made.value());
  persist(g, {Write{row, {}}},
          [this, seats, state, done = std::move(done)](Group& gr, const Outcomes& out) {
            if (!out.front())
              return done(gr, make_error("store", "the game could not be stored: " +
                                                      out.front().error().message));
            gr.chosen.resize(seats.size());
            // The same line-up rotates when alternation is on; otherwise seats were filled
            // afresh.
            if (same_lineup(gr)) {
              if (alternation_on(gr)) ++gr.rotation;
            } else {
              gr.order = seats;
              gr.rotation = 0;
            }
            gr.seats = seats;
            gr.state = state->clone();
            gr.game_db_id = out.front().value();
            ++gr.game_number;
            gr.status = TableStatus::Playing;
            gr.result.reset();
            gr.stand_ins.clear();
            gr.left_during.clear();
            gr.notation.clear();
            stop_cpu(gr);
            // What the CPU played at is this game's: an earlier game's searches are not.
            cpu_.take_played(gr.id);
            after_move(gr, "start", std::to_string(gr.game_number));
            done(gr, ok_status());
          });
}

Hall::Group* Hall::find_playing_group(ConnId c, const std::string& rid, const std::string& group_id,
                                      std::string* refused) {
  Group* g = find_group(c, rid, group_id, true, refused);
  if (g && (g->status != TableStatus::Playing || !g->state)) {
    send_error(c, rid, "no_game", "no game is being played");
    if (refused) *refused = "no_game";
    return nullptr;
  }
  return g;
}

void Hall::on_move(ConnId c, const std::string& rid, const pr::PlayMove& m) {
  std::string refused;
  Group* g = find_playing_group(c, rid, m.group, &refused);
  if (!g) return meters_->refused(refused);
  auto refuse = [&](const std::string& code, const std::string& message) {
    meters_->refused(code);
    send_error(c, rid, code, message);
  };
  const std::string person = person_of(c);
  const int seat = g->state->seat_to_move();
  if (std::find(g->seats.begin(), g->seats.end(), person) == g->seats.end())
    return refuse("not_your_seat", "you have no seat at this table");
  if (seat < 0 || g->seats[static_cast<size_t>(seat)] != person)
    return refuse("not_your_turn", "it is not your turn");
  if (m.version < g->last_move_version)
    return refuse("stale_version",
                  "the position has changed since version " + std::to_string(m.version));
  if (m.version > g->version)
    return refuse("bad_message",
                  "'version' " + std::to_string(m.version) + " is ahead of the group's");
  const int64_t arrived = scheduler_.now_ms();
  commit_move(*g, m.move, "", [this, c, rid, arrived, move = m.move](Group& gr, Status s) {
    if (!s) {
      meters_->refused(s.error().code);
      return send_error(c, rid, s.error());
    }
    after_move(gr, "move", move);
    meters_->moves_accepted.add();
    meters_->move_seconds.observe(static_cast<double>(scheduler_.now_ms() - arrived) / 1000);
  });
}

void Hall::commit_move(Group& g, const std::string& move, const std::string& stand_in, Done done) {
  std::shared_ptr<rules::GameState> next = g.state->clone();
  if (Status s = next->play(move); !s) {
    Error e = s.error();
    e.code = "illegal_move";
    return done(g, e);
  }
  // Durable before anyone is told: a crash after the write loses nothing acknowledged.
  const int ply = static_cast<int>(g.state->moves_played().size());
  const int seat = g.state->seat_to_move();
  auto apply = [this, next, ply, seat, stand_in, done](Group& gr) {
    gr.state = next->clone();
    if (!stand_in.empty()) gr.stand_ins.push_back({ply, seat, stand_in});
    cancel_turn(gr);
    done(gr, ok_status());
  };
  persist(g, {Write{MoveWrite{g.game_db_id, ply, move, stand_in}, {}}},
          [this, ply, move, apply, done](Group& gr, const Outcomes& out) {
            if (out.front()) return apply(gr);
            const Error& e = out.front().error();
            Error failed = make_error("store", "the move could not be stored: " + e.message);
            // A failure may have been committed all the same (the reply lost with the
            // connection), and a ply already stored may hold this very move: the store says.
            if (e.code == "store" || e.code == "refused")
              return verify_move(gr, ply, move, failed, apply, done);
            done(gr, failed);
          });
}

void Hall::after_move(Group& g, const std::string& kind, const std::string& detail) {
  bump(g, kind, detail);
  g.last_move_version = g.version;
  g.turn_started_ms = scheduler_.now_ms();
  if (g.state->outcome().over()) {
    finish_game(g);
    return;
  }
  broadcast(g);
  schedule_turn(g);
}

void Hall::on_resign(ConnId c, const std::string& rid, const pr::Resign& m) {
  Group* g = find_playing_group(c, rid, m.group);
  if (!g) return;
  const std::string person = person_of(c);
  auto seat = std::find(g->seats.begin(), g->seats.end(), person);
  if (seat == g->seats.end())
    return send_error(c, rid, "not_your_seat", "you have no seat at this table");
  auto next = g->state->clone();
  if (Status s = next->resign(static_cast<int>(seat - g->seats.begin())); !s)
    return send_error(c, rid, "no_resignation", s.error().message);
  g->state = std::move(next);
  cancel_turn(*g);
  after_move(*g, "resign", person);
}

}  // namespace kaisho::server
