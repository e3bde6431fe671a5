// Practice games played against the CPU in the page (no server) and sent later by the device
// to be kept with the person's games: each move is checked by the rules as it is replayed, the
// game must be over (or resigned by the person), and it is stored whole and unrated — one
// write, so it is there entirely or not at all. The device's id for the game makes a second
// sending store nothing (docs/protocol.md, `practice_game`).
#include "rules/registry/registry.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/stored_records.hpp"

namespace kaisho::server {

namespace {

// A device's clock may be wrong: a practice game ends no later than it arrives and lasts at
// most a week (longer is taken as a clock that jumped).
constexpr int64_t kLongestPracticeMs = 7LL * 24 * 3600 * 1000;

// The most moves a practice game of each game may have: beyond any game people play (the
// longest move limit the local rules offer is 300, or 400 in Yonin), and a bound on the time
// its replay takes (docs/reliability.md).
size_t most_practice_moves(const std::string& game) {
  return game == "yonin" ? 1500 : 1000;
}

// What replaying a practice game found: the row to store, or why it is refused.
struct Replayed {
  Result<GameRow> row = make_error("store", "not replayed");
};

}  // namespace

void Hall::on_practice_game(ConnId c, const std::string& rid, const pr::PracticeGame& m) {
  const std::string person = person_of(c);
  const rules::Game* game = rules::find_game(m.game);
  if (!game) return send_error(c, rid, "bad_message", "unknown game '" + m.game + "'");
  const int seats = game->seat_count();
  if (m.side < 0 || m.side >= seats)
    return send_error(c, rid, "bad_message", "'side' is not a seat of " + m.game);
  if (m.resigned && *m.resigned != m.side)
    return send_error(c, rid, "bad_message", "only the person's own seat may have resigned");
  if (m.moves.size() > most_practice_moves(m.game))
    return send_error(c, rid,
                      make_error("too_long",
                                 "a practice game of " + m.game + " has at most " +
                                     std::to_string(most_practice_moves(m.game)) + " moves",
                                 {{"max", std::to_string(most_practice_moves(m.game))}}));
  auto options = game->make_options(m.options);
  if (!options) return send_error(c, rid, "bad_settings", options.error().message);
  // Charged before the replay, whatever it finds (a game refused at its last move costs as
  // much to check as one stored): the person and the address.
  if (!limits_->take_practice_game(person, conns_[c].address, scheduler_.now_ms()))
    return send_error(c, rid,
                      make_error("rate_limited", "too many practice games sent; send it later",
                                 {{"reason", "practice"}}));
  const std::string name = name_of(person);
  const int64_t now = scheduler_.wall_ms();
  // Replayed off the hall's thread, on the checks' lane at low priority (a long game takes a
  // while to check), then stored; one at a time per person, a few per address.
  const bool checking = reads_.check<Replayed>(
      scheduler_, person, conns_[c].address,
      [m, game, options = options.value(), person, name, now] {
        Replayed out;
        auto made =
            m.start.empty() ? game->new_game(options) : game->from_position(m.start, options);
        if (!made) {
          out.row = make_error("bad_message", "'start': " + made.error().message);
          return out;
        }
        rules::GameState& state = *made.value();
        const std::string start_text = state.start_text();
        // A game that was over before it began was not played (a won position stored as a
        // "win against level 8").
        if (state.outcome().over()) {
          out.row = make_error("bad_message", "'start': the position is already over");
          return out;
        }
        for (size_t ply = 0; ply < m.moves.size(); ++ply) {
          if (Status s = state.play(m.moves[ply]); !s) {
            Error e = s.error();
            e.code = "illegal_move";
            e.message = "move " + std::to_string(ply + 1) + " (" + m.moves[ply] + "): " + e.message;
            e.params.emplace_back("ply", std::to_string(ply));
            e.params.emplace_back("move", m.moves[ply]);
            out.row = e;
            return out;
          }
        }
        if (m.resigned) {
          if (Status s = state.resign(*m.resigned); !s) {
            out.row = make_error("no_resignation", s.error().message);
            return out;
          }
        }
        const rules::Outcome outcome = state.outcome();
        if (!outcome.over()) {
          out.row = make_error("not_finished", "the practice game is not over: nothing is kept");
          return out;
        }
        StoredGame data;
        data.options.insert(options.values().begin(), options.values().end());
        data.cpu_level = m.level;
        data.practice = true;
        GameRow row;
        row.group_id = "practice:" + person + ":" + m.id;
        row.game = m.game;
        row.start_text = start_text;
        for (int s = 0; s < game->seat_count(); ++s) {
          if (s == m.side)
            data.players.push_back({person, 0, name});
          else
            data.players.push_back({"", m.level, "CPU"});
          row.player_ids.push_back(s == m.side ? person : "");
        }
        row.data_json = encode_stored_game(data);
        row.moves = m.moves;
        pr::ResultView result;
        result.kind = outcome_kind(outcome);
        result.winner = outcome.winner;
        result.places = outcome.places;
        result.reason = outcome.reason;
        row.result_json = pr::encode_result(result);  // no rating changes: practice is unrated
        row.ended_ms = std::clamp<int64_t>(m.ended_ms, now - kLongestPracticeMs, now);
        row.started_ms =
            std::clamp<int64_t>(m.started_ms, row.ended_ms - kLongestPracticeMs, row.ended_ms);
        out.row = std::move(row);
        return out;
      },
      [this, alive = alive_check(), c, rid, id = m.id](Replayed replayed) {
        if (!alive() || !conns_.contains(c)) return;
        if (!replayed.row) return send_error(c, rid, replayed.row.error());
        store_practice_game(c, rid, id, std::move(replayed.row.value()));
      });
  if (!checking)
    send_error(c, rid,
               make_error("busy",
                          "another practice game of yours (or your address's) is being "
                          "checked; send this one when it is answered",
                          {{"reason", "practice"}}));
}

void Hall::store_practice_game(ConnId c, const std::string& rid, const std::string& id,
                               GameRow row) {
  writes_.write({Write{std::move(row), {}}}, scheduler_,
                [this, alive = alive_check(), c, rid, id](Outcomes out) {
                  if (!alive()) return;
                  Result<int64_t>& stored = out.front();
                  // Refused: the same game was stored before (its device sent it again).
                  if (stored || stored.error().code == "refused")
                    return outbox_.send(
                        c, pr::with_rid(pr::encode_practice_stored(id, stored ? *stored : 0), rid));
                  send_error(c, rid, "store",
                             "the practice game could not be stored; send it again");
                });
}

}  // namespace kaisho::server
