#pragma once
// The hall: people, groups, tables, seats, the CPU standing in, turn timers, results and
// ratings. One serialized owner: every method runs on the hall's executor (Scheduler), so
// the hall needs no locks. It knows no sockets: connections are ids, and it answers through
// an Outbox. It never waits for its database: every accepted move, and every change of a
// group's record, is written before anyone is told of it, by a WriteQueue (a thread of its
// own), and everything it reads (a person, a group with its game, ratings, records) comes
// from a ReadQueue (threads of their own); the hall goes on with other tables meanwhile, and a
// group waits, its requests queued, while a write or a load of its own is in flight
// (commits.cpp, opening.cpp). Each group in memory is one incarnation (Group): a continuation
// holds a weak reference to the one it began with, so the outcome of an old incarnation's
// write never reaches a newer one.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/scheduler.hpp"
#include "rules/api/game.hpp"
#include "server/cpu/cpu_service.hpp"
#include "server/hall/rate_limits.hpp"
#include "server/hall/siblings.hpp"
#include "server/protocol/messages.hpp"
#include "server/rating/glicko2.hpp"
#include "server/store/store.hpp"
#include "server/store/store_reader.hpp"
#include "server/store/store_writer.hpp"

namespace kaisho::server {

using ConnId = uint64_t;
enum class CpuReason : uint8_t;  // hall_internal.hpp
struct StoredGroup;              // stored_records.hpp
struct LoadedGroup;              // opening.cpp
struct HallMeters;               // meters.hpp

class Outbox {
 public:
  virtual ~Outbox() = default;
  virtual void send(ConnId conn, std::string text) = 0;
  virtual void close(ConnId conn) = 0;
};

struct HallConfig {
  int64_t away_grace_ms = 3000;  // a seat's owner may be gone this long before the CPU moves
  // The CPU standing in for a person who is away or left moves at a person's pace: the turn
  // timer's length, or this long a move when the table has none (0: at once).
  int64_t stand_in_pace_ms = 10'000;
  int64_t cpu_move_ms = 1200;  // CPU thinking time per move (less under a short timer)
  double messages_per_second = 20;
  double message_burst = 40;
  int flood_close_after = 200;  // refused messages before the connection is closed
  // What may be created (token buckets: a burst, refilled per hour); docs/reliability.md.
  double new_persons_per_address_per_hour = 60;  // hello without a known token
  double new_persons_per_address_burst = 30;
  double groups_per_person_per_hour = 30;
  double groups_per_person_burst = 10;
  double groups_per_address_per_hour = 120;
  double groups_per_address_burst = 30;
  // Joining groups one is not yet a member of, renaming, and greeting again with one's token.
  double joins_per_person_per_hour = 240;
  double joins_per_person_burst = 40;
  double names_per_person_per_hour = 30;
  double names_per_person_burst = 5;
  double hellos_per_person_per_hour = 600;
  double hellos_per_person_burst = 20;
  // Practice games a person's devices send to be kept with their games (each is checked by
  // replaying it, and stored), and from one address whoever sends them.
  double practice_games_per_person_per_hour = 120;
  double practice_games_per_person_burst = 60;
  double practice_games_per_address_per_hour = 360;
  double practice_games_per_address_burst = 120;
  // Lists of one's games (each is a read of the database).
  double histories_per_person_per_hour = 600;
  double histories_per_person_burst = 30;
  // Requests that may wait for one group while a write or a load of it is in flight; more are
  // refused ("busy"), so that a table stalled by its database holds a bounded queue.
  size_t max_queued_per_group = 256;
  // The groups one person may belong to among those this hall holds in memory (so a presence
  // or name change visits at most this many tables), and the members a group may have,
  // spectators included.
  int max_groups_per_person = 100;
  int max_members = 32;
  // A connection that has not said hello by then is closed.
  int64_t hello_timeout_ms = 5000;
  // How long a claim on a group lasts unless renewed (the server renews its leases every
  // lease_ttl_ms / 3: serve.cpp); another server may take the group once it lapses.
  int64_t lease_ttl_ms = 5000;
  // A group with no member present leaves memory after this long (it stays in the store and
  // is loaded again when someone opens its link); checked every idle_sweep_ms.
  int64_t idle_group_ms = 10 * 60'000;
  int64_t idle_sweep_ms = 60'000;
  // This server's name among several sharing one store (the proxy's name for it): a client
  // sent a group another server holds is told to reconnect there (docs/server.md).
  std::string server_name;
  // This hall's index among the halls of this process (see HallSiblings), and those siblings
  // (null: the process has one hall).
  int shard = 0;
  HallSiblings* siblings = nullptr;
  // The rate limits, shared by the halls of a process (null: the hall makes its own from the
  // figures above).
  std::shared_ptr<RateLimits> limits;
};

// The rate limits the figures of `config` describe (serve shares one among its halls).
std::shared_ptr<RateLimits> make_rate_limits(const HallConfig& config);

// What the hall holds and has done, for tests and the operator (no effect on behaviour).
struct HallStats {
  size_t groups_in_memory = 0;
  size_t persons = 0;
  uint64_t groups_visited = 0;  // groups looked at for presence and name changes, in all
};

class Hall {
 public:
  // `writes` takes every write, `reads` every read and lease claim.
  Hall(Scheduler& scheduler, WriteQueue& writes, ReadQueue& reads, Outbox& outbox, CpuService& cpu,
       HallConfig config = {});
  ~Hall();

  // Starts the hall's housekeeping (idle tables leaving memory). Nothing is loaded: people,
  // ratings and groups are read from the store when first needed, and a game in progress goes
  // on when someone opens its group (timers restart).
  Status restore();

  // `address` is the remote address of the connection (for the per-address limits).
  void connected(ConnId conn, const std::string& address = "");
  void received(ConnId conn, std::string_view text);
  void disconnected(ConnId conn);

  // Test hook: closes every connection of a person (as if their browser went away).
  void drop_person(const std::string& person_id);
  // A sibling hall saw the person arrive (their first connection) or leave (their last).
  void presence_elsewhere(const std::string& person_id);
  // A sibling hall renamed the person: this hall's tables show the new name.
  void renamed_elsewhere(const std::string& person_id, const std::string& name);
  // The server's leases were renewed: a group this hall holds that is not among `held`, and was
  // claimed before the renewal began (started_ms, on the scheduler's clock), was taken by
  // another server after its lease lapsed: it leaves this hall, its people sent on.
  void leases_renewed(const std::vector<std::string>& held, int64_t started_ms);
  size_t group_count() const { return groups_.size(); }
  HallStats stats() const;

 private:
  struct Person;
  struct Conn;
  struct Group;
  using GroupRef = std::weak_ptr<Group>;

  // Requests: each to its handler. A request for a group not in memory waits for it to be
  // loaded (opening.cpp); one for a group whose write is in flight waits for it (commits.cpp).
  void dispatch(ConnId c, const std::string& rid, const protocol::Request& req);
  void on_hello(ConnId c, const std::string& rid, const protocol::Hello& m);
  // The hello of connection `c` goes on once its person is known (null: a first visit).
  void greet(ConnId c, const std::string& rid, const protocol::Hello& m, Person* person);
  void greeted(ConnId c);  // runs what the connection sent while its hello was being answered
  void on_set_name(ConnId c, const std::string& rid, const protocol::SetName& m);
  void on_create(ConnId c, const std::string& rid, const protocol::CreateGroup& m);
  void on_join(ConnId c, const std::string& rid, const protocol::JoinGroup& m);
  void on_leave(ConnId c, const std::string& rid, const protocol::LeaveGroup& m);
  void on_remove(ConnId c, const std::string& rid, const protocol::RemoveMember& m);
  void on_settings(ConnId c, const std::string& rid, const protocol::ChangeSettings& m);
  void on_seat(ConnId c, const std::string& rid, const protocol::TakeSeat& m);
  void on_start(ConnId c, const std::string& rid, const protocol::StartGame& m);
  void on_move(ConnId c, const std::string& rid, const protocol::PlayMove& m);
  void on_resign(ConnId c, const std::string& rid, const protocol::Resign& m);
  void on_sync(ConnId c, const std::string& rid, const protocol::Sync& m);
  void on_history(ConnId c, const std::string& rid);
  void on_record(ConnId c, const std::string& rid, const protocol::GetRecord& m);
  void on_practice_game(ConnId c, const std::string& rid, const protocol::PracticeGame& m);
  void store_practice_game(ConnId c, const std::string& rid, const std::string& id, GameRow row);

  // Writing before showing (commits.cpp). persist hands `writes` (and the group's record when
  // it changed) to the write queue, fenced by the group's lease; the group is busy until they
  // are in, then `then` runs with the outcomes of `writes`, then the group is shown if it
  // changed meanwhile and its queued requests run. A fenced write means another server took
  // the group: it leaves this hall. Outcomes of an incarnation that has left go nowhere.
  using Then = std::function<void(Group&, const Outcomes&)>;
  void persist(Group& g, std::vector<Write> writes, Then then);
  void committed(const GroupRef& ref, bool wrote_record, const Then& then, Outcomes outcomes);
  // After a write's `then`: the group is shown if a change waited for the write, and its queued
  // requests run (unless it is busy again, or gone).
  void settle(const GroupRef& ref);
  // Runs `fn` at once when no write of the group is in flight; else queues it (true). A group
  // whose queue is full refuses it (answered `busy` by the caller: see wait_or_refuse).
  bool wait_for_commit(Group& g, std::function<void()> fn);
  void run_queued(const GroupRef& ref);
  // The group leaves this hall (its lease lapsed and another server took it): its people
  // connected here are told `moved`, to find it where it is played now.
  void lose_group(const std::string& group_id);
  // The group's state in memory may differ from the store's (a write whose outcome was lost
  // found another move at its ply): it is loaded again from the store under a new claim, and
  // shown whole to its members; requests that waited for it run on the new incarnation.
  void reload_group(Group& g);
  // The outcome of a move's write was lost (reported failed, maybe committed), or it was
  // refused as already stored: the store says what its ply holds. The same move: it was
  // stored. None: it was not (`done` gets the error). Another: the group is loaded again. No
  // answer: it is asked again shortly, the table busy meanwhile.
  using Done = std::function<void(Group&, Status)>;
  void verify_move(Group& g, int ply, const std::string& move, Error failed,
                   std::function<void(Group&)> stored, Done done);

  // Opening a group (opening.cpp): from memory, or loaded from the store and claimed for this
  // hall off its thread. `then` runs on the hall's executor with what it found: the group (in
  // memory now); else who holds it (another hall or server), or why it cannot be opened
  // (`store`: try again; `group_unreadable`); all empty when there is no such group. Opens of
  // one group share one load.
  struct Holder {
    std::string server;
    int shard = -1;
  };
  struct Opened {
    Group* group = nullptr;
    Holder elsewhere;
    std::optional<Error> error;
  };
  void open_group(const std::string& id, std::function<void(const Opened&)> then);
  Group* install_group(LoadedGroup& loaded);
  // The answer to a request for a group that could not be opened.
  void refuse_unopened(ConnId c, const std::string& rid, const std::string& group_id,
                       const Opened& opened);

  // Table flow.
  void start_game(Group& g, Done done);
  // Checks a move, stores it, then applies it (`stand_in`: why the CPU made it for a person).
  void commit_move(Group& g, const std::string& move, const std::string& stand_in, Done done);
  void after_move(Group& g, const std::string& kind, const std::string& detail);
  void finish_game(Group& g);
  // Stores a game's end (results.cpp's Ending, type-erased here), again every second while
  // the database fails; the table is busy until it is stored, then shows the result.
  void store_ending(const GroupRef& ref, std::shared_ptr<void> ending,
                    std::vector<std::string> rated);
  // The seat that made each move of the game on the table (played again from its start).
  std::vector<int> movers(const Group& g) const;
  // Which own-play rule holds for the person at `seat` as the game ends: "left", "away",
  // "cpu_moves", or "" (none; see RatingChange).
  std::string own_play_rule(const Group& g, size_t seat, const std::vector<int>& seat_of_ply) const;
  void schedule_turn(Group& g);
  void request_cpu(Group& g, CpuReason why);
  // The CPU's move for the group's turn `ticket` (ignored when the turn has moved on).
  void cpu_answered(const GroupRef& ref, uint64_t ticket, std::string move);
  void cancel_turn(Group& g);
  // Whatever the CPU thinks for the table will not be read: the search is cancelled and a
  // late answer is stale.
  void stop_cpu(Group& g);
  // Whose share of the CPU pool the table's searches take: the address of a person seated
  // (in `seats`), else of a member, else the table itself.
  std::string cpu_owner(const Group& g, const std::vector<std::string>& seats) const;
  void presence_changed(const std::string& person_id);
  void name_changed(const std::string& person_id);  // re-sends the person's tables
  StoredGroup record_of(const Group& g) const;
  // Every half second: how late the loop runs (its lag) and what the hall holds, for the
  // operator's metrics.
  void sample_later(int64_t due_ms);
  // Groups nobody is at leave memory after config.idle_group_ms.
  void sweep_idle_later();
  void sweep_idle();
  void forget_membership(const std::string& person_id, const std::string& group_id);
  // A game with nobody present waits (no CPU move, no timer) until someone comes back.
  bool anyone_here(const Group& g) const;
  void pause(Group& g);
  void resume(Group& g);
  // A seated person arrived at or left the table (presence or membership): the CPU stands in
  // for them when it is their turn and they are not there, and gives the seat back at once.
  void seat_owner_changed(Group& g, const std::string& person_id);
  // Line-ups: the same people rotate from game to game; otherwise a fresh one is made from the
  // chosen seats and the present members. seats_shown is what the table shows now (before a
  // game, the line-up a start would make).
  bool same_lineup(const Group& g) const;
  std::vector<std::string> fresh_lineup(const Group& g) const;
  std::vector<std::string> seats_shown(const Group& g) const;
  // The seats a start would fill now (the next game's line-up), and whether a person is in
  // them: only they may change the table's settings or start it (spectators may not).
  std::vector<std::string> next_lineup(const Group& g) const;
  bool plays_next_game(const Group& g, const std::string& person_id) const;
  void refuse_spectator(ConnId c, const std::string& rid);
  // Whether the person may be at one more table in this hall (max_groups_per_person); else
  // refused with too_many_tables.
  bool room_for_another_table(ConnId c, const std::string& rid, const std::string& person);

  // Helpers.
  void send_error(ConnId c, const std::string& rid, const std::string& code,
                  const std::string& message);
  void send_error(ConnId c, const std::string& rid, const Error& e);
  // Stores the group if its version is not stored yet, then sends its state to every member
  // online: the one way a change is both kept and shown, in that order.
  void broadcast(Group& g);
  void bump(Group& g, const std::string& kind, const std::string& detail);
  protocol::GroupView view(const Group& g, const std::string& person_id) const;
  std::vector<int> your_seats(const Group& g, const std::string& person_id) const;
  // The group of a request, in memory (dispatch has opened it); null, with the error sent,
  // when it is not, or the sender must be a member and is not.
  // `refused`, when given, gets the code of the error sent.
  Group* find_group(ConnId c, const std::string& rid, const std::string& group_id,
                    bool must_be_member, std::string* refused = nullptr);
  // The sender's group if a game is being played there; otherwise an error is sent.
  Group* find_playing_group(ConnId c, const std::string& rid, const std::string& group_id,
                            std::string* refused = nullptr);
  bool present(const std::string& person_id) const;
  // A person the hall holds (null when it does not: the hall never reads the store on its
  // thread; a group's people are read with the group, a connection's with its hello).
  Person* find_person(const std::string& person_id) const;
  Person* cache_person(const PersonRow& row) const;
  // A person's ratings as last read; one not read yet (or changed since) is read off the
  // hall's thread, and the tables that show the person are shown again once it is in.
  void load_ratings(const std::string& person_id) const;
  void ratings_read(const std::string& person_id, Result<std::vector<RatingRow>> rows);
  void cache_ratings(const std::string& person_id, const std::vector<RatingRow>& rows) const;
  bool is_member(const Group& g, const std::string& person_id) const;
  // Present and still a member: a seated person not at the table has the CPU play for them.
  bool at_table(const Group& g, const std::string& person_id) const;
  bool has_default_name(const std::string& person_id) const;
  const std::string& person_of(ConnId c) const;
  rating::Rating rating_of(const std::string& person, const std::string& game) const;
  int games_of(const std::string& person, const std::string& game) const;
  // A CPU seat's rating: its level's at the share of its search it played at (1: fixed).
  static rating::Rating cpu_rating(int level, double share = 1.0);
  bool alternation_on(const Group& g) const;
  // Writes the person (not fenced), then runs `then` with the outcome on the hall's executor.
  void save_person(const Person& p, std::function<void(Status)> then);
  std::string name_of(const std::string& person_id) const;
  // Whether the hall still exists, for a continuation that outlived it.
  std::function<bool()> alive_check() const;

  Scheduler& scheduler_;
  WriteQueue& writes_;
  ReadQueue& reads_;
  Outbox& outbox_;
  CpuService& cpu_;
  HallConfig config_;
  // People and ratings are caches of the store (read when first needed; the store is the
  // truth, also for other servers sharing it): mutable so that views can fill them.
  mutable std::map<std::string, std::unique_ptr<Person>> persons_;  // by id
  mutable std::map<std::string, std::string> person_by_token_hash_;
  std::map<ConnId, Conn> conns_;
  std::map<std::string, std::shared_ptr<Group>> groups_;
  // Groups being loaded, and what waits for each.
  std::map<std::string, std::vector<std::function<void(const Opened&)>>> opening_;
  mutable std::map<std::pair<std::string, std::string>, std::pair<rating::Rating, int>> ratings_;
  // Persons whose ratings in ratings_ are as stored, and those being read.
  mutable std::set<std::string> ratings_loaded_;
  mutable std::set<std::string> ratings_loading_;
  mutable std::set<std::string> ratings_stale_;  // being read, and changed since the read began
  // The loaded groups each person is a member of: presence and name changes look only here.
  std::unordered_map<std::string, std::set<std::string>> groups_of_;
  std::shared_ptr<RateLimits> limits_;
  // Parts of a group state that never change for a game, encoded once: by game (the option
  // schema) and by board. This hall's own: halls run at once on their own strands.
  mutable std::map<std::string, std::string> encoded_schemas_;
  mutable std::map<std::string, std::string> encoded_boards_;
  uint64_t groups_visited_ = 0;
  std::unique_ptr<HallMeters> meters_;
  std::shared_ptr<bool> alive_;  // lets late callbacks notice the hall is gone
};

}  // namespace kaisho::server
