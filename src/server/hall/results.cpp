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

rating::Rating Hall::rating_of(const std::string& person, const std::string& game) const {
  auto it = ratings_.find({person, game});
  return it == ratings_.end() ? rating::Rating{} : it->second.first;
}

int Hall::games_of(const std::string& person, const std::string& game) const {
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
  const std::vector<rating::Rating> after = rating::rate_table(before, fixed, score);
  for (size_t s = 0; s < n; ++s) {
    if (fixed[s]) continue;
    const std::string& person = g.seats[s];
    auto& stored = ratings_[{person, g.game}];
    stored = {after[s], stored.second + 1};
    (void)store_.put_rating({person, g.game, after[s], stored.second});
    // What the ratings expected of this seat and what it scored, over the seats it is compared
    // with: the client explains the change with them.
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
    change.after = after[s].rating;
    change.deviation_before = before[s].deviation;
    change.deviation_after = after[s].deviation;
    change.expected = compared ? expected / compared : 0.5;
    change.score = compared ? scored / compared : 0.5;
    change.provisional_before = rating::is_provisional(before[s]);
    change.provisional = rating::is_provisional(after[s]);
    r.rating_changes.push_back(change);
  }
  (void)store_.finish_game(g.game_db_id, pr::encode_result(r), scheduler_.wall_ms());
  g.result = r;
  g.status = TableStatus::Finished;
  bump(g, "result", r.reason);
  broadcast(g);
  // "Draw and replay": the table goes straight on to the next game.
  if (o.kind == rules::OutcomeKind::Draw && o.reason == "repetition") (void)start_game(g);
}

}  // namespace kaisho::server
