// Keeping the hall in the store: people and groups are written as they change, and a
// group is loaded again when someone opens it; groups nobody is at leave memory.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"

namespace kaisho::server {

namespace {

constexpr int64_t kSampleEveryMs = 500;  // the hall's metrics (sample_later)

}  // namespace

void Hall::save_person(const Person& p, std::function<void(Status)> then) {
  std::weak_ptr<bool> alive = alive_;
  writes_.write({Write{PersonRow{p.id, p.token_hash, p.name}, {}}}, scheduler_,
                [alive, then = std::move(then)](Outcomes outcomes) {
                  if (auto a = alive.lock(); !a || !*a) return;
                  then(outcomes.front() ? ok_status() : Status(outcomes.front().error()));
                });
}

StoredGroup Hall::record_of(const Group& g) const {
  StoredGroup r;
  r.game = g.game;
  r.options = g.options;
  r.timer = g.timer;
  r.cpu_level = g.cpu_level;
  r.members = g.members;
  r.chosen = g.chosen;
  r.status = g.status;
  r.seats = g.seats;
  r.order = g.order;
  r.rotation = g.rotation;
  r.game_number = g.game_number;
  r.game_db_id = g.game_db_id;
  r.version = g.version;
  // Stand-ins are kept with their moves (MoveWrite::stand_in), not in the record.
  r.left_during.assign(g.left_during.begin(), g.left_during.end());
  r.removed.assign(g.removed.begin(), g.removed.end());
  r.result = g.result;
  return r;
}

Status Hall::restore() {
  // Nothing is loaded here: people, ratings and groups are read from the store when they are
  // first needed, so a restart loads no group, and a game in progress goes on when one of its
  // people comes back (nobody present: nothing to play for).
  sweep_idle_later();
  sample_later(scheduler_.now_ms() + kSampleEveryMs);
  return ok_status();
}

void Hall::sample_later(int64_t due_ms) {
  scheduler_.after(std::max<int64_t>(0, due_ms - scheduler_.now_ms()),
                   [this, alive = alive_check(), due_ms] {
                     if (!alive()) return;
                     const int64_t now = scheduler_.now_ms();
                     meters_->loop_lag_seconds.observe(static_cast<double>(now - due_ms) / 1000);
                     meters_->connections.set(static_cast<double>(conns_.size()));
                     size_t people = 0;
                     for (const auto& [id, p] : persons_) people += !p->conns.empty();
                     meters_->people.set(static_cast<double>(people));
                     meters_->groups.set(static_cast<double>(groups_.size()));
                     sample_later(now + kSampleEveryMs);
                   });
}

void Hall::sweep_idle_later() {
  std::weak_ptr<bool> alive = alive_;
  scheduler_.after(config_.idle_sweep_ms, [this, alive] {
    if (auto a = alive.lock(); !a || !*a) return;
    sweep_idle();
    sweep_idle_later();
  });
}

Hall::Person* Hall::cache_person(const PersonRow& row) const {
  auto person = std::make_unique<Person>();
  person->id = row.id;
  person->name = row.name;
  person->token_hash = row.token_hash;
  person->away_since_ms = scheduler_.now_ms();
  Person* p = person.get();
  person_by_token_hash_[row.token_hash] = row.id;
  persons_[row.id] = std::move(person);
  return p;
}

Hall::Person* Hall::find_person(const std::string& person_id) const {
  auto it = persons_.find(person_id);
  return it == persons_.end() ? nullptr : it->second.get();
}

void Hall::cache_ratings(const std::string& person_id, const std::vector<RatingRow>& rows) const {
  for (auto r = ratings_.lower_bound({person_id, ""});
       r != ratings_.end() && r->first.first == person_id;)
    r = ratings_.erase(r);
  for (const auto& r : rows) ratings_[{r.person, r.game}] = {r.value, r.games};
  ratings_loaded_.insert(person_id);
}

void Hall::load_ratings(const std::string& person_id) const {
  if (person_id.empty() || ratings_loaded_.contains(person_id) ||
      !ratings_loading_.insert(person_id).second)
    return;
  // Read off the hall's thread; meanwhile the person is shown with the ratings last read (or
  // the default). Views are const: what the read brings back is the hall's to show.
  Hall* self = const_cast<Hall*>(this);
  reads_.read<Result<std::vector<RatingRow>>>(
      scheduler_, [person_id](Store& store) { return store.ratings_of(person_id); },
      [self, alive = alive_check(), person_id](Result<std::vector<RatingRow>> rows) {
        if (alive()) self->ratings_read(person_id, std::move(rows));
      });
}

void Hall::ratings_read(const std::string& person_id, Result<std::vector<RatingRow>> rows) {
  ratings_loading_.erase(person_id);
  if (ratings_stale_.erase(person_id)) return load_ratings(person_id);  // a game ended since
  if (!rows) {
    meters_->read_failed("ratings");
    // Marked as loaded only once read: a failed read is tried again when next shown, instead
    // of showing the default rating until the person leaves memory.
    log::error("a person's ratings cannot be read",
               {{"person", log::person(person_id)}, {"error", rows.error().message}});
    return;
  }
  cache_ratings(person_id, rows.value());
  // The tables that show the person at a seat show the ratings read.
  auto mine = groups_of_.find(person_id);
  if (mine == groups_of_.end()) return;
  for (const std::string& id : std::set<std::string>(mine->second)) {
    auto it = groups_.find(id);
    if (it == groups_.end()) continue;
    Group& g = *it->second;
    const auto seats = seats_shown(g);
    if (std::find(seats.begin(), seats.end(), person_id) == seats.end()) continue;
    bump(g, "ratings", person_id);
    broadcast(g);
  }
}

void Hall::sweep_idle() {
  const int64_t now = scheduler_.now_ms();
  std::vector<std::string> idle;
  for (const auto& [id, g] : groups_) {
    if (anyone_here(*g) || now - g->touched_ms < config_.idle_group_ms) continue;
    // A record not written yet is written first; the group goes at the next sweep.
    if (g->dirty && !g->committing) persist(*g, {}, nullptr);
    if (!g->committing && !g->dirty) idle.push_back(id);
  }
  for (const auto& id : idle) {
    Group& g = *groups_[id];
    cancel_turn(g);  // a late CPU answer finds no group and is dropped
    for (const auto& m : g.members) forget_membership(m, id);
    // The lease is let go at this incarnation's epoch only: if the group is opened again
    // before the release is made, the new claim (a newer epoch) stays.
    reads_.run([id, server = config_.server_name, epoch = g.epoch](Store& store) {
      store.release_group(id, server, epoch);
    });
    groups_.erase(id);
    if (config_.siblings) config_.siblings->release(id, config_.shard);
  }
  // People nobody needs now (not connected, in no table in memory, not seated at one) leave
  // the caches too.
  std::set<std::string> seated;
  for (const auto& [id, g] : groups_)
    for (const auto* list : {&g->seats, &g->order, &g->chosen})
      seated.insert(list->begin(), list->end());
  for (auto it = persons_.begin(); it != persons_.end();) {
    const Person& p = *it->second;
    if (p.conns.empty() && !groups_of_.contains(p.id) && !seated.contains(p.id)) {
      person_by_token_hash_.erase(p.token_hash);
      ratings_loaded_.erase(p.id);
      ratings_loading_.erase(p.id);
      ratings_stale_.erase(p.id);
      for (auto r = ratings_.lower_bound({p.id, ""});
           r != ratings_.end() && r->first.first == p.id;)
        r = ratings_.erase(r);
      it = persons_.erase(it);
    } else {
      ++it;
    }
  }
  limits_->forget_full(now);
}

}  // namespace kaisho::server
