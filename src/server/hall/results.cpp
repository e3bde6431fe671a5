// The end of a game: the result, and the ratings (Glicko-2) of the people who played it.
#include "server/hall/hall_internal.hpp"
#include "server/rating/table_rating.hpp"

namespace kaisho::server {

namespace {

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

}  // namespace

std::vector<int> Hall::moves_per_seat(const Group& g) const {
  // Who made each move, found by playing the record again from its start.
  std::vector<int> made(static_cast<size_t>(g.rules_game().seat_count()));
  auto replay = g.rules_game().from_position(g.state->start_text(), g.game_options());
  if (!replay) return made;
  for (const auto& move : g.state->moves_played()) {
    const int seat = replay.value()->seat_to_move();
    if (seat < 0 || !replay.value()->play(move)) break;
    ++made[static_cast<size_t>(seat)];
  }
  return made;
}

std::string Hall::own_play_rule(const Group& g, size_t seat, const std::vector<int>& made) const {
  const std::string& person = g.seats[seat];
  if (g.left_during.contains(person) || !is_member(g, person)) return "left";
  if (!at_table(g, person)) return "away";  // the CPU was finishing the game for them
  const auto by_cpu = std::count_if(g.stand_ins.begin(), g.stand_ins.end(), [&](const auto& si) {
    return si.seat == static_cast<int>(seat);
  });
  if (by_cpu * 3 > made[seat]) return "cpu_moves";
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

rating::Rating Hall::cpu_rating(int level) {
  return {static_cast<double>(ai::level_rating(level)), kCpuDeviation, 0.06};
}

void Hall::finish_game(Group& g) {
  cancel_turn(g);
  const rules::Outcome o = g.state->outcome();
  const size_t n = g.seats.size();
  pr::ResultView r;
  r.kind = outcome_kind(o);
  r.winner = o.winner;
  r.places = o.places;
  r.reason = o.reason;
  // Everyone's rating before the game; CPU seats are fixed at their level's rating.
  std::vector<rating::Rating> before(n);
  for (size_t s = 0; s < n; ++s) {
    before[s] = g.seats[s].empty() ? cpu_rating(g.cpu_level) : rating_of(g.seats[s], g.game);
  }
  auto score = [&](size_t a, size_t b) -> std::optional<double> {
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
  };
  // One person holding two seats (a test of one's own, or a hot-seat game) is not rated.
  std::vector<bool> fixed(n);
  for (size_t s = 0; s < n; ++s)
    fixed[s] = g.seats[s].empty() || std::count(g.seats.begin(), g.seats.end(), g.seats[s]) > 1;
  std::vector<std::string> rated;
  for (size_t s = 0; s < n; ++s)
    if (!fixed[s]) rated.push_back(g.seats[s]);
  // Ratings measure a person's own play: one who left during the game, was away at its end,
  // or had more than a third of their moves made by the CPU gains nothing from it, but a
  // game that lowers their rating still counts (docs/server.md).
  std::vector<std::string> rule(n);
  const std::vector<int> made = moves_per_seat(g);
  for (size_t s = 0; s < n; ++s)
    if (!fixed[s]) rule[s] = own_play_rule(g, s, made);
  // The ratings are decided inside the store's transaction, from the ratings as they are
  // there: a game ending meanwhile on another server is counted, not overwritten.
  auto decide = [&](const std::vector<RatingRow>& current) {
    GameEnd end;
    size_t k = 0;
    for (size_t s = 0; s < n; ++s)
      if (!fixed[s]) before[s] = current[k++].value;
    const std::vector<rating::Rating> after = rating::rate_table(before, fixed, score);
    r.rating_changes.clear();
    k = 0;
    for (size_t s = 0; s < n; ++s) {
      if (fixed[s]) continue;
      const std::string& person = g.seats[s];
      const bool counted = rule[s].empty() || after[s].rating < before[s].rating;
      const rating::Rating now = counted ? after[s] : before[s];
      if (counted) end.ratings.push_back({person, g.game, now, current[k].games + 1});
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
      r.rating_changes.push_back(change);
    }
    end.result_json = pr::encode_result(r);
    end.ended_ms = scheduler_.wall_ms();
    return end;
  };
  auto stored = store_.end_game(g.game_db_id, g.game, rated, decide);
  if (stored) {
    // The result as stored (the same, or the one a first ending stored before a crash).
    if (auto kept = pr::decode_result(stored.value())) r = kept.value();
  } else {
    // The store failed: the change is shown from the ratings known here, and not kept.
    std::vector<RatingRow> known;
    for (const auto& person : rated)
      known.push_back({person, g.game, rating_of(person, g.game), games_of(person, g.game)});
    decide(known);
  }
  // The ratings changed in the store: read them afresh when next needed.
  for (const auto& person : rated) {
    ratings_loaded_.erase(person);
    ratings_.erase({person, g.game});
  }
  g.result = r;
  g.status = TableStatus::Finished;
  bump(g, "result", r.reason);
  broadcast(g);
  // "Draw and replay": the table goes straight on to the next game.
  if (o.kind == rules::OutcomeKind::Draw && o.reason == "repetition") (void)start_game(g);
}

}  // namespace kaisho::server
