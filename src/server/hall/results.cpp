// The end of a game: the result, and the ratings (Glicko-2) of the people who played it.
#include "server/hall/hall_internal.hpp"
#include "server/rating/table_rating.hpp"

namespace kaisho::server {

std::string outcome_kind(const rules::Outcome& o) {
  switch (o.kind) {
    case rules::OutcomeKind::Win:
      return "win";
    case rules::OutcomeKind::Draw:
      return "draw";
    case rules::OutcomeKind::Placement:
      return "placement";
    default:
      return "ongoing";
  }
}

std::vector<int> Hall::movers(const Group& g) const {
  // Who made each move, found by playing the record again from its start.
  std::vector<int> seats;
  auto replay = g.rules_game().from_position(g.state->start_text(), g.game_options());
  if (!replay) return seats;
  for (const auto& move : g.state->moves_played()) {
    const int seat = replay.value()->seat_to_move();
    if (seat < 0 || !replay.value()->play(move)) break;
    seats.push_back(seat);
  }
  return seats;
}

std::string Hall::own_play_rule(const Group& g, size_t seat,
                                const std::vector<int>& seat_of_ply) const {
  const std::string& person = g.seats[seat];
  if (g.left_during.contains(person) || !is_member(g, person)) return "left";
  if (!at_table(g, person)) return "away";  // the CPU was finishing the game for them
  const auto by_cpu = std::count_if(g.stand_ins.begin(), g.stand_ins.end(), [&](const auto& si) {
    return si.seat == static_cast<int>(seat);
  });
  const auto made = std::count(seat_of_ply.begin(), seat_of_ply.end(), static_cast<int>(seat));
  if (by_cpu * 3 > made) return "cpu_moves";
  return "";
}

rating::Rating Hall::rating_of(const std::string& person, const std::string& game) const {
  load_ratings(person);
  auto it = ratings_.find({person, game});
  return it == ratings_.end() ? rating::Rating{} : it->second.first;
}

int Hall::games_of(const std::string& person, const std::string& game) const {
  load_ratings(person);
  auto it = ratings_.find({person, game});
  return it == ratings_.end() ? 0 : it->second.second;
}

rating::Rating Hall::cpu_rating(int level, double share) {
  return {ai::level_rating_at_share(level, share), kCpuDeviation, 0.06};
}

namespace {

// What the ratings compare: the score of seat a against seat b (nullopt: not compared).
std::optional<double> pair_score(const rules::Outcome& o, size_t n, size_t a, size_t b) {
  if (o.kind == rules::OutcomeKind::Draw) return 0.5;
  if (o.kind == rules::OutcomeKind::Placement)
    return o.places[a] < o.places[b] ? 1.0 : o.places[a] == o.places[b] ? 0.5 : 0.0;
  if (o.kind == rules::OutcomeKind::Win) {
    if (n == 2) return static_cast<int>(a) == o.winner ? 1.0 : 0.0;
    // Four seats with a single winner means teams (pairs): partners are not compared.
    auto team = [](size_t s) { return s % 2; };
    if (team(a) == team(b)) return std::nullopt;
    return team(a) == team(static_cast<size_t>(o.winner)) ? 1.0 : 0.0;
  }
  return std::nullopt;
}

// Everything a game's end is decided from, copied from the table: the decision runs in the
// store's transaction, on the writer's thread.
struct Ending {
  rules::Outcome outcome;
  std::string game;
  std::vector<std::string> seats;
  std::vector<rating::Rating> before;  // CPU seats: their level's at the share it played at
  std::vector<bool> fixed;             // not rated: a CPU, or one person in two seats
  std::vector<std::string> rule;       // the own-play rule of each seat ("" none)
  int64_t ended_ms = 0;
  pr::ResultView result;           // filled by decide()
  std::vector<RatingRow> decided;  // the new ratings decide() wrote with `result`

  // The new ratings from the ratings as they are in the store (`current`, one per person
  // rated, in seat order), and the result with each rating change explained.
  GameEnd decide(const std::vector<RatingRow>& current) {
    const size_t n = seats.size();
    GameEnd end;
    size_t k = 0;
    for (size_t s = 0; s < n; ++s)
      if (!fixed[s]) before[s] = current[k++].value;
    const auto score = [&](size_t a, size_t b) { return pair_score(outcome, n, a, b); };
    const std::vector<rating::Rating> after = rating::rate_table(before, fixed, score);
    result.rating_changes.clear();
    k = 0;
    for (size_t s = 0; s < n; ++s) {
      if (fixed[s]) continue;
      const std::string& person = seats[s];
      const bool counted = rule[s].empty() || after[s].rating < before[s].rating;
      const rating::Rating now = counted ? after[s] : before[s];
      if (counted) end.ratings.push_back({person, game, now, current[k].games + 1});
      ++k;
      // What the ratings expected of this seat and what it scored, over the seats it is
      // compared with: the client explains the change with them.
      double expected = 0, scored = 0;
      int compared = 0;
      for (size_t o2 = 0; o2 < n; ++o2) {
        if (o2 == s) continue;
        const std::optional<double> sc = score(s, o2);
        if (!sc) continue;
        expected += rating::expected_score(before[s], before[o2]);
        scored += *sc;
        ++compared;
      }
      pr::RatingChange change;
      change.person_id = person;
      change.seat = static_cast<int>(s);
      change.before = before[s].rating;
      change.after = now.rating;
      change.deviation_before = before[s].deviation;
      change.deviation_after = now.deviation;
      change.expected = compared ? expected / compared : 0.5;
      change.score = compared ? scored / compared : 0.5;
      change.provisional_before = rating::is_provisional(before[s]);
      change.provisional = rating::is_provisional(now);
      change.rule = rule[s];
      change.counted = counted;
      result.rating_changes.push_back(change);
    }
    end.result_json = pr::encode_result(result);
    end.ended_ms = ended_ms;
    decided = end.ratings;
    return end;
  }
};

}  // namespace

void Hall::finish_game(Group& g) {
  cancel_turn(g);
  auto e = std::make_shared<Ending>();
  e->outcome = g.state->outcome();
  e->game = g.game;
  e->seats = g.seats;
  const size_t n = g.seats.size();
  e->result.kind = outcome_kind(e->outcome);
  e->result.winner = e->outcome.winner;
  e->result.places = e->outcome.places;
  e->result.reason = e->outcome.reason;
  e->before.resize(n);
  // A CPU seat is rated at the strength it played at: a busy server gave its searches less
  // than its level's time and nodes (docs/cpu.md, "Under load").
  const CpuPlayed played = cpu_.take_played(g.id);
  for (size_t s = 0; s < n; ++s)
    e->before[s] =
        g.seats[s].empty() ? cpu_rating(g.cpu_level, played.share) : rating_of(g.seats[s], g.game);
  e->fixed.resize(n);
  for (size_t s = 0; s < n; ++s)
    e->fixed[s] = g.seats[s].empty() || std::count(g.seats.begin(), g.seats.end(), g.seats[s]) > 1;
  std::vector<std::string> rated;
  for (size_t s = 0; s < n; ++s)
    if (!e->fixed[s]) rated.push_back(g.seats[s]);
  // Ratings measure a person's own play: one who left during the game, was away at its end,
  // or had more than a third of their moves made by the CPU gains nothing from it, but a
  // game that lowers their rating still counts (docs/server.md).
  e->rule.resize(n);
  const std::vector<int> seat_of_ply = movers(g);
  for (size_t s = 0; s < n; ++s)
    if (!e->fixed[s]) e->rule[s] = own_play_rule(g, s, seat_of_ply);
  e->ended_ms = scheduler_.wall_ms();
  // The ratings are decided inside the store's transaction, from the ratings as they are
  // there: a game ending meanwhile on another server is counted, not overwritten. The table
  // waits (busy) until it is stored.
  g.committing = true;
  store_ending(g.weak_from_this(), std::static_pointer_cast<void>(e), rated);
}

void Hall::store_ending(const GroupRef& ref, std::shared_ptr<void> ending,
                        std::vector<std::string> rated) {
  auto held = ref.lock();
  if (!held) return;
  Group& g = *held;
  auto e = std::static_pointer_cast<Ending>(ending);
  auto alive = alive_check();
  writes_.end_game(
      g.game_db_id, g.game, rated,
      [e](const std::vector<RatingRow>& current) { return e->decide(current); },
      Fence{g.id, g.epoch}, scheduler_,
      [this, alive, ref, e, rated](Result<std::string> stored) {
        if (!alive()) return;
        auto found = ref.lock();
        if (!found) return;
        Group& gr = *found;
        if (!stored && stored.error().code == "fenced") return lose_group(gr.id);
        if (!stored) {
          // The database is failing: the game's end is stored when it answers again (tried
          // twice a second); the table waits, its result not shown before it is stored.
          scheduler_.after(500, [this, alive, ref, e, rated] {
            if (alive()) store_ending(ref, e, rated);
          });
          return;
        }
        gr.committing = false;
        const std::string mine = pr::encode_result(e->result);
        // The result as stored (the same, or the one a first ending stored before a crash).
        if (auto kept = pr::decode_result(stored.value())) e->result = kept.value();
        // The ratings changed in the store: those this ending wrote are known; others (a first
        // ending stored them before a crash) are read afresh when next shown, the last ones
        // read shown meanwhile.
        if (stored.value() == mine)
          for (const auto& r : e->decided) {
            ratings_[{r.person, r.game}] = {r.value, r.games};
            // A read begun before this ending would bring the old values: it is read again.
            if (ratings_loading_.contains(r.person)) ratings_stale_.insert(r.person);
          }
        else
          for (const auto& person : rated) ratings_loaded_.erase(person);
        gr.result = e->result;
        gr.status = TableStatus::Finished;
        bump(gr, "result", e->result.reason);
        gr.show_after = false;
        broadcast(gr);
        // "Draw and replay": the table goes straight on to the next game.
        const rules::Outcome& o = e->outcome;
        if (o.kind == rules::OutcomeKind::Draw && o.reason == "repetition") {
          auto again = [this, ref] {
            if (auto now = ref.lock()) start_game(*now, [](Group&, Status) {});
          };
          if (!wait_for_commit(gr, again)) again();
        }
        run_queued(ref);
      });
}

}  // namespace kaisho::server
