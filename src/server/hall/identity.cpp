// Identity and presence: hello (a new person or a returning token), names, who is here.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"
#include "server/identity/names.hpp"
#include "server/identity/tokens.hpp"

namespace kaisho::server {

void Hall::on_hello(ConnId c, const std::string& rid, const pr::Hello& m) {
  Conn& conn = conns_[c];
  if (!conn.person.empty()) return send_error(c, rid, "bad_message", "hello was already sent");
  if (!m.token || !looks_like_token(*m.token)) return greet(c, rid, m, nullptr);
  const std::string hash = token_hash(*m.token);
  if (auto it = person_by_token_hash_.find(hash); it != person_by_token_hash_.end())
    if (Person* p = find_person(it->second)) return greet(c, rid, m, p);
  // A returning person the hall does not hold: read, with their ratings, off the hall's
  // thread. What the connection sends meanwhile waits for the answer.
  struct Found {
    Result<PersonRow> person = make_error("store", "not read");
    Result<std::vector<RatingRow>> ratings = make_error("store", "not read");
  };
  conn.greeting = true;
  reads_.read<Found>(
      scheduler_,
      [hash](Store& store) {
        Found found;
        found.person = store.person_by_token(hash);
        if (found.person) found.ratings = store.ratings_of(found.person->id);
        return found;
      },
      [this, alive = alive_check(), c, rid, m](Found found) {
        if (!alive()) return;
        auto it = conns_.find(c);
        if (it == conns_.end()) return;
        it->second.greeting = false;
        if (!found.person && found.person.error().code != "no_such_person") {
          meters_->read_failed("person");
          // The store could not say who this is. Taken for a first visit, the device would be
          // given a new person and token in place of its own (its only key to its ratings,
          // games and seats): it is told to try again instead, and the connection closed.
          log::warning("a returning person could not be read",
                       {{"error", found.person.error().message}});
          send_error(c, rid, "store", "your arrival could not be read; try again");
          outbox_.close(c);
          disconnected(c);
          return;
        }
        Person* person = nullptr;
        if (found.person) {
          person = find_person(found.person->id);
          if (!person) person = cache_person(found.person.value());
          if (found.ratings && !ratings_loaded_.contains(person->id))
            cache_ratings(person->id, found.ratings.value());
        }
        greet(c, rid, m, person);
        greeted(c);
      });
}

void Hall::greet(ConnId c, const std::string& rid, const pr::Hello& m, Person* person) {
  Conn& conn = conns_[c];
  std::string token = person ? *m.token : "";
  // Each greeting may change the person's presence at all their tables: a person (one token,
  // from any number of addresses) may greet only so often. The connection is closed.
  if (person && !limits_->take_hello(person->id, scheduler_.now_ms())) {
    send_error(c, rid,
               make_error("rate_limited", "too many connections for this person; try again later",
                          {{"reason", "hellos"}}));
    outbox_.close(c);
    disconnected(c);
    return;
  }
  const bool fresh = !person;
  if (fresh) {
    // A first visit, or a token we never issued (the store said so): a new person with a new
    // token — as many as one address may make in a while.
    if (!limits_->take_new_person(conn.address, scheduler_.now_ms()))
      return send_error(c, rid, "too_many_new_persons",
                        "too many new visitors from your address; try again later");
    token = new_device_token();
    auto p = std::make_unique<Person>();
    p->id = new_random_id(10);
    p->token_hash = token_hash(token);
    p->name = default_name_for(p->id);
    person = p.get();
    person_by_token_hash_[p->token_hash] = p->id;
    persons_[p->id] = std::move(p);
    // A name given with hello that would be refused by set_name is not used: the person
    // keeps the site's name (the client's own field shows and can fix it).
    if (m.name) {
      auto n = clean_name(*m.name);
      if (n) person->name = n.value();
    }
    ratings_loaded_.insert(person->id);  // nobody new has ratings yet
  }
  conn.person = person->id;
  conn.patches = m.patches;
  const bool was_away = !present(person->id);
  person->conns.insert(c);
  if (config_.siblings) config_.siblings->connected(person->id, config_.shard);
  const std::string id = person->id;
  auto welcome = [this, c, token, id, was_away] {
    const Person* p = find_person(id);
    if (!p || !conns_.contains(c)) return;
    outbox_.send(c, pr::encode(pr::Welcome{token, p->id, p->name, has_default_name(p->id)}));
    if (was_away) presence_changed(p->id);
  };
  if (fresh) {
    // A new person: stored before their token is given out (another server may be asked for
    // it at once). If the store cannot take it, the page is told to try again.
    save_person(*person, [this, c, rid, welcome](Status s) {
      if (s) return welcome();
      send_error(c, rid, "store", "your arrival could not be stored; try again");
      outbox_.close(c);
      disconnected(c);
    });
    return;
  }
  welcome();
}

void Hall::on_set_name(ConnId c, const std::string& rid, const pr::SetName& m) {
  auto n = clean_name(m.name);
  if (!n) return send_error(c, rid, n.error());
  // A new name is shown at every table of the person's: renaming is limited like creating.
  if (!limits_->take_name(person_of(c), scheduler_.now_ms()))
    return send_error(c, rid,
                      make_error("rate_limited", "too many name changes; try again later",
                                 {{"reason", "names"}}));
  Person& p = *find_person(person_of(c));
  const std::string old_name = p.name;
  p.name = n.value();
  // Once stored, the name written is what is answered and told to the other halls (not the
  // name the hall holds by then, which a rename heard from another hall may have replaced).
  save_person(p, [this, c, rid, id = p.id, old_name, written = p.name](Status s) {
    Person* now = find_person(id);
    if (!now) return;
    if (!s) {
      now->name = old_name;
      return send_error(c, rid, "store", "the name could not be stored; try again");
    }
    outbox_.send(c, pr::encode(pr::Welcome{"", now->id, written, has_default_name(now->id)}));
    if (config_.siblings) config_.siblings->renamed(now->id, written, config_.shard);
    name_changed(now->id);
  });
}

void Hall::renamed_elsewhere(const std::string& person_id, const std::string& name) {
  // Only a person this hall holds in memory can be shown with the old name.
  auto it = persons_.find(person_id);
  if (it == persons_.end()) return;
  it->second->name = name;
  name_changed(person_id);
}

void Hall::name_changed(const std::string& person_id) {
  auto mine = groups_of_.find(person_id);
  if (mine == groups_of_.end()) return;
  for (const std::string& id : std::set<std::string>(mine->second)) {
    ++groups_visited_;
    Group& g = *groups_[id];
    bump(g, "name", person_id);
    broadcast(g);
  }
}

void Hall::presence_changed(const std::string& person_id) {
  const bool here = present(person_id);
  auto mine = groups_of_.find(person_id);
  if (mine == groups_of_.end()) return;
  for (const std::string& id : std::set<std::string>(mine->second)) {
    ++groups_visited_;
    Group& g = *groups_[id];
    bump(g, here ? "present" : "away", person_id);
    if (here && g.paused)
      resume(g);
    else if (!here && !anyone_here(g))
      pause(g);
    else
      seat_owner_changed(g, person_id);
    broadcast(g);
  }
}

void Hall::forget_membership(const std::string& person_id, const std::string& group_id) {
  auto it = groups_of_.find(person_id);
  if (it == groups_of_.end()) return;
  it->second.erase(group_id);
  if (it->second.empty()) groups_of_.erase(it);
}

bool Hall::is_member(const Group& g, const std::string& person_id) const {
  return std::find(g.members.begin(), g.members.end(), person_id) != g.members.end();
}

bool Hall::at_table(const Group& g, const std::string& person_id) const {
  return present(person_id) && is_member(g, person_id);
}

bool Hall::has_default_name(const std::string& person_id) const {
  return name_of(person_id) == default_name_for(person_id);
}

}  // namespace kaisho::server
