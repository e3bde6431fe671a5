// Whose turn, and who plays it: the turn timer, the away grace, the CPU standing in, and
// tables with nobody present waiting.
#include "server/hall/hall_internal.hpp"

namespace kaisho::server {

bool Hall::anyone_here(const Group& g) const {
  for (const auto& m : g.members)
    if (present(m)) return true;
  return false;
}

void Hall::pause(Group& g) {
  cancel_turn(g);
  g.paused = g.status == TableStatus::Playing;
}

void Hall::resume(Group& g) {
  g.paused = false;
  if (g.status != TableStatus::Playing) return;
  g.turn_started_ms = scheduler_.now_ms();  // a fresh turn timer for whoever is to move
  schedule_turn(g);
}

void Hall::seat_owner_changed(Group& g, const std::string& person_id) {
  if (g.status != TableStatus::Playing || !g.state || g.state->outcome().over()) return;
  const int seat = g.state->seat_to_move();
  if (seat < 0 || g.seats[static_cast<size_t>(seat)] != person_id) return;
  if (at_table(g, person_id) && g.cpu_seat == seat && g.cpu_reason == CpuReason::Away) {
    // The owner is back: they take over at once.
    stop_cpu(g);
  }
  schedule_turn(g);
}

void Hall::cancel_turn(Group& g) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  stop_cpu(g);
}

void Hall::stop_cpu(Group& g) {
  if (g.cpu_job) cpu_.cancel(g.cpu_job);
  g.cpu_job = 0;
  ++g.cpu_ticket;
  g.cpu_seat = -1;
}

std::string Hall::cpu_owner(const Group& g, const std::vector<std::string>& seats) const {
  auto address_of = [this](const std::string& person_id) -> std::string {
    const Person* p = find_person(person_id);
    if (!p) return "";
    for (ConnId c : p->conns)
      if (auto it = conns_.find(c); it != conns_.end() && !it->second.address.empty())
        return it->second.address;
    return "";
  };
  for (const auto& s : seats)
    if (!s.empty())
      if (std::string a = address_of(s); !a.empty()) return a;
  for (const auto& m : g.members)
    if (std::string a = address_of(m); !a.empty()) return a;
  return "table:" + g.id;
}

void Hall::schedule_turn(Group& g) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  if (g.status != TableStatus::Playing || !g.state || g.state->outcome().over()) return;
  if (!anyone_here(g)) {
    g.paused = true;  // nobody to play for: the game waits, stored, for someone to come back
    return;
  }
  g.paused = false;
  const int seat = g.state->seat_to_move();
  const std::string owner = g.seats[static_cast<size_t>(seat)];
  if (g.cpu_seat == seat) return;  // already thinking
  const int64_t now = scheduler_.now_ms();
  if (owner.empty()) {
    request_cpu(g, CpuReason::Seat);
    return;
  }
  auto alive = alive_check();
  const GroupRef ref = g.weak_from_this();
  const uint64_t ticket = g.cpu_ticket;
  if (!at_table(g, owner)) {
    // The owner is away (after the grace) or left the group: the CPU stands in, at a person's
    // pace — the turn timer's length, or stand_in_pace_ms a move without one — so that one who
    // comes back soon finds the game much as it was, and a table nobody plays costs little.
    const Person* away = is_member(g, owner) ? find_person(owner) : nullptr;
    const int64_t grace_ends = away ? away->away_since_ms + config_.away_grace_ms : 0;
    const int64_t pace = g.timer > 0 ? g.timer * 1000 : config_.stand_in_pace_ms;
    const int64_t at = std::max(grace_ends, g.turn_started_ms + pace);
    if (!away && at <= now) return request_cpu(g, CpuReason::Away);  // left: no grace
    g.grace_timer = scheduler_.after(std::max<int64_t>(0, at - now), [this, alive, ref, ticket] {
      if (!alive()) return;
      auto it = ref.lock();
      if (!it || it->cpu_ticket != ticket) return;
      Group& gr = *it;
      gr.grace_timer = 0;
      const int s = gr.state->seat_to_move();
      if (s >= 0 && !at_table(gr, gr.seats[static_cast<size_t>(s)]))
        request_cpu(gr, CpuReason::Away);
    });
    return;
  }
  if (g.timer > 0) {
    const int64_t deadline = g.turn_started_ms + g.timer * 1000;
    g.turn_timer =
        scheduler_.after(std::max<int64_t>(0, deadline - now), [this, alive, ref, ticket] {
          if (!alive()) return;
          auto gr = ref.lock();
          if (!gr || gr->cpu_ticket != ticket) return;
          gr->turn_timer = 0;
          request_cpu(*gr, CpuReason::Timeout);
        });
  }
}

void Hall::request_cpu(Group& g, CpuReason why) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  const int seat = g.state->seat_to_move();
  stop_cpu(g);
  g.cpu_seat = seat;
  g.cpu_reason = why;
  const uint64_t ticket = g.cpu_ticket;
  CpuRequest request;
  request.owner = cpu_owner(g, g.seats);
  request.table = g.id;
  request.urgent = why == CpuReason::Timeout;
  // A CPU seat's own move counts in the strength the CPU played at (a stand-in's does not).
  request.cpu_seat = seat >= 0 && g.seats[static_cast<size_t>(seat)].empty();
  request.game = &g.rules_game();
  request.state = g.state->clone();
  const rules::Options options = g.game_options();
  for (const auto& [key, value] : options.values()) request.options.emplace_back(key, value);
  request.limits.level = g.cpu_level;
  int64_t budget = config_.cpu_move_ms;
  if (g.timer > 0) budget = std::min<int64_t>(budget, g.timer * 1000 / 2);
  request.limits.time_ms = budget;
  request.limits.seed = static_cast<uint64_t>(g.state->moves_played().size());
  if (why != CpuReason::Seat) {
    bump(g, "cpu_playing", std::to_string(seat));
    broadcast(g);
  }
  g.cpu_job = cpu_.request(
      std::move(request),
      [this, alive = alive_check(), ref = g.weak_from_this(), ticket](std::string move) {
        if (alive()) cpu_answered(ref, ticket, std::move(move));
      });
}

void Hall::cpu_answered(const GroupRef& ref, uint64_t ticket, std::string move) {
  auto held = ref.lock();
  if (!held) return;  // that incarnation of the group has left the hall
  Group& g = *held;
  // A write of the group in flight (a change of its record): the answer waits for it.
  if (wait_for_commit(g, [this, ref, ticket, move] { cpu_answered(ref, ticket, move); })) return;
  if (g.cpu_ticket != ticket || g.status != TableStatus::Playing) return;  // superseded
  g.cpu_job = 0;
  // The engine and the rules disagree (a CPU bug): the rules win, and the game must not
  // stall, so the first legal move is played instead.
  if (!g.state->clone()->play(move)) {
    const auto legal = g.state->legal_moves();
    if (legal.empty()) return;
    move = legal.front();
  }
  g.cpu_seat = -1;
  const int moved_for = g.state->seat_to_move();
  const bool for_person = moved_for >= 0 && !g.seats[static_cast<size_t>(moved_for)].empty();
  const std::string reason =
      for_person ? std::string(to_string(g.cpu_reason == CpuReason::Timeout ? CpuReason::Timeout
                                                                            : CpuReason::Away))
                 : "";
  const CpuReason why = g.cpu_reason;
  commit_move(g, move, reason, [this, move, why](Group& gr, Status s) {
    if (s) return after_move(gr, "cpu_move", move);
    // The store failed: try again shortly, unless the hall is gone or the turn has moved on
    // meanwhile (a new ticket: the owner came back, the game ended, the group left memory).
    const uint64_t retry_ticket = ++gr.cpu_ticket;
    gr.grace_timer = scheduler_.after(
        500, [this, alive = alive_check(), ref = gr.weak_from_this(), why, retry_ticket] {
          if (!alive()) return;
          auto again = ref.lock();
          if (!again || again->cpu_ticket != retry_ticket) return;
          again->grace_timer = 0;
          if (again->status == TableStatus::Playing) request_cpu(*again, why);
        });
  });
}

}  // namespace kaisho::server
