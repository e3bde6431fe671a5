#pragma once
// The typed messages of docs/protocol.md and their one JSON codec (codec.cpp). Nothing else
// in the server reads or writes protocol JSON.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/result.hpp"
#include "rules/api/board_geometry.hpp"
#include "rules/api/options.hpp"

namespace kaisho::server::protocol {

constexpr int kVersion = 1;
constexpr size_t kMaxFrameBytes = 16 * 1024;

// --- client to server ---
struct Hello {
  std::optional<std::string> token;
  std::optional<std::string> name;
  // The client applies group_patch messages (a group's change since the state it was sent
  // before); without it, every change comes as the whole state.
  bool patches = false;
};
struct SetName {
  std::string name;
};
struct CreateGroup {
  std::string game;
};
struct JoinGroup {
  std::string group;
};
struct LeaveGroup {
  std::string group;
};
struct ChangeSettings {
  std::string group;
  std::optional<std::string> game;
  std::optional<std::vector<std::pair<std::string, std::string>>> options;
  std::optional<int> timer;
  std::optional<int> cpu_level;
};
struct TakeSeat {
  std::string group;
  std::optional<int> seat;  // nullopt: stand up
};
struct StartGame {
  std::string group;
};
struct PlayMove {
  std::string group;
  std::string move;
  int64_t version = 0;
};
struct Resign {
  std::string group;
};
struct Sync {
  std::string group;
  int64_t version = 0;
};
struct RemoveMember {
  std::string group;
  std::string person;
};
struct ListHistory {};
// A client's heartbeat: answered with `pong` at once (docs/protocol.md).
struct Ping {};
struct GetRecord {
  int64_t game_id = 0;
};
// A practice game played against the CPU in the page (docs/protocol.md): stored, unrated,
// once its moves replay under the rules and it is over.
struct PracticeGame {
  std::string id;  // the device's name for it: [A-Za-z0-9_-], 8 to 64 characters
  std::string game;
  std::vector<std::pair<std::string, std::string>> options;
  int side = 0;       // the person's seat
  int level = 0;      // the CPU's level, 1-8
  std::string start;  // the position text it started from (empty: the game's own start)
  std::vector<std::string> moves;
  std::optional<int> resigned;  // the seat that resigned
  int64_t started_ms = 0;
  int64_t ended_ms = 0;
};

using Request = std::variant<Hello, SetName, CreateGroup, JoinGroup, LeaveGroup, ChangeSettings,
                             TakeSeat, StartGame, PlayMove, Resign, Sync, ListHistory, GetRecord,
                             RemoveMember, Ping, PracticeGame>;

struct Envelope {
  std::string rid;
  Request request;
};

// Errors carry the protocol code: bad_json, bad_message, unknown_type, too_large. When the
// message has a valid `rid`, it is written to *rid_out (if given) even when a later field is
// wrong, so the error reply can echo it.
Result<Envelope> decode_request(std::string_view text, std::string* rid_out = nullptr);

// --- server to client ---
struct Welcome {
  std::string token;
  std::string person_id;
  std::string name;
  bool default_name = false;  // the site's name for them, not one they chose
};

// An error: `code` and `params` are for the client to write in the reader's language;
// `message` is English for logs and tools, never shown to a player.
struct ErrorReply {
  std::string rid;
  std::string code;
  std::string message;
  std::vector<std::pair<std::string, std::string>> params;
};

struct MemberView {
  std::string id;
  std::string name;
  bool present = false;
  bool default_name = false;  // the name was given by the site ("Guest 4f2a"), not chosen
};

// A rating as players see it: provisional while the deviation is high (a new player).
struct RatingView {
  double value = 0;
  double deviation = 0;
  int games = 0;
  bool provisional = false;
};

struct SeatView {
  int seat = 0;
  bool cpu = true;
  std::string person_id;
  std::string name;
  bool default_name = false;
  int cpu_level = 0;  // of a CPU seat
  bool present = false;
  bool away = false;
  bool cpu_playing = false;
  bool planned = false;              // before a game: filled by the automatic line-up, not chosen
  bool left = false;                 // the seat's person left the group (the CPU plays the seat)
  std::optional<RatingView> rating;  // in the group's game (a CPU level's fixed rating)
};

struct RatingChange {
  std::string person_id;
  int seat = 0;
  double before = 0;
  double after = 0;
  double deviation_before = 0;
  double deviation_after = 0;
  double expected = 0;  // the score the ratings expected, 0..1 (averaged over opponents)
  double score = 0;     // the score made, 0..1 (averaged over opponents)
  bool provisional_before = false;
  bool provisional = false;  // after the game
  // Ratings measure a person's own play (docs/server.md): when the person left the group
  // during the game ("left"), was away when it ended ("away"), or the CPU made more than a
  // third of their moves ("cpu_moves"), the game counts for them only if it lowers their
  // rating. `rule` says which applied ("" none); `counted` is false when it held the change
  // back (then after == before).
  std::string rule;
  bool counted = true;
};

// A move the CPU made for a person: their turn timer ran out, or they were away.
struct StandIn {
  int ply = 0;  // index into the game's moves
  int seat = 0;
  std::string reason;  // "timeout" or "away"
};

// A record's players by seat, for clients that name them in their own language.
struct PlayerRef {
  std::string person_id;  // "" for a CPU seat
  int cpu_level = 0;
  bool default_name = false;
};

// Move lists in notations people read, by style ("japanese", "western"); Shogi and Annan.
using ReadableMoves = std::map<std::string, std::vector<std::string>>;

struct ResultView {
  std::string kind;  // win, draw, placement
  int winner = -1;
  std::vector<int> places;
  std::string reason;
  std::vector<RatingChange> rating_changes;
};

struct GameView {
  int64_t id = 0;  // the game's record (`record` game_id)
  int number = 0;
  std::string position;
  std::string start;
  std::vector<std::string> moves;
  int to_move = -1;
  std::vector<std::string> legal_moves;
  std::string last_move;
  std::vector<int> in_check;
  std::vector<int> out;
  int clock_limit = 0;                  // seconds; 0 = none
  std::optional<int64_t> remaining_ms;  // of the player to move
  std::optional<ResultView> result;
  std::vector<StandIn> stand_ins;
  ReadableMoves notation;
};

struct GroupView {
  std::string id;
  int64_t version = 0;
  std::string game;
  std::map<std::string, std::string> options;
  int timer = 0;
  int cpu_level = 3;
  std::string_view schema_json;  // encode_schema() of the group's game (kept by the caller)
  std::vector<MemberView> members;
  std::string you;
  std::string status;  // idle, playing, finished
  std::vector<std::string> seat_names;
  std::vector<SeatView> seats;
  std::vector<int> your_seats;
  // Between games, the people the next game would seat: only they may change the table's
  // settings or start it (empty during a game).
  std::vector<std::string> next_players;
  std::string_view board_json;      // encode_board() of the table's board (kept by the caller)
  std::optional<GameView> current;  // the game being (or last) played at the table
};

struct MissedEvent {
  int64_t version = 0;
  std::string kind;
  std::string detail;
};

struct HistoryEntry {
  int64_t game_id = 0;
  std::string game;
  std::string group;
  bool practice = false;             // a practice game sent by a device: unrated
  std::vector<std::string> players;  // names by seat
  std::vector<PlayerRef> seats;
  std::optional<ResultView> result;
  int64_t started_ms = 0;
  int64_t ended_ms = 0;
};

struct RecordView {
  int64_t game_id = 0;
  std::string game;
  bool practice = false;
  std::vector<std::string> players;
  std::vector<PlayerRef> seats;
  std::string start;
  std::vector<std::string> moves;
  ReadableMoves notation;
  std::vector<std::string> positions;  // position text before the first move and after each
  std::optional<ResultView> result;
  std::map<std::string, std::string> options;
  std::map<std::string, std::string> exports;  // format name -> text (kif, csa, text)
};

// A finished game's result: the one JSON form, used on the wire and in the store.
std::string encode_result(const ResultView& r);
Result<ResultView> decode_result(std::string_view json_text);

// {"type":"practice_stored","id":ID,"game_id":N}: the practice game is in the person's games,
// stored now as game N, or before (N is 0): a device may send a game again.
std::string encode_practice_stored(const std::string& id, int64_t game_id);
std::string encode(const Welcome& m);
// {"type":"pong"} (with the ping's rid, if it had one).
std::string encode_pong(const std::string& rid);
// `reply` (an encoded JSON object) with the request's `rid` as its first field, when the
// request had one: the reply to a request echoes it (docs/protocol.md), without the reply
// being encoded again (a record can be large).
std::string with_rid(std::string reply, const std::string& rid);
std::string encode(const ErrorReply& m);
std::string encode(const GroupView& m, const std::vector<MissedEvent>* missed = nullptr);

// The parts of a group state that never change for a game are encoded once and cached by
// the caller: the option schema and the board.
std::string encode_schema(const rules::OptionSchema& schema);
std::string encode_board(const rules::BoardGeometry& board);

// What changed at a group since the state its members were last sent, for one member:
// {"type":"group_patch","group":ID,"base":V0,"version":V1,"ops":[JSON Patch],"your_seats":[..]}
// (docs/protocol.md). The operations are shared; only your_seats is the member's own.
class GroupPatch {
 public:
  std::string for_member(const std::vector<int>& your_seats) const;

 private:
  friend class GroupEncoder;
  std::string head_;  // up to your_seats
};

// One group state for many members: everything but `you` and `your_seats` is encoded once
// (a move at a table of five costs one encoding, not five). Cheap to share (the encoded state
// is held by a shared pointer), so a hall keeps the last one it showed to diff the next.
class GroupEncoder {
 public:
  explicit GroupEncoder(const GroupView& shared);
  ~GroupEncoder();
  GroupEncoder(const GroupEncoder&) = default;
  GroupEncoder& operator=(const GroupEncoder&) = default;
  std::string for_member(const std::string& you, const std::vector<int>& your_seats,
                         const std::vector<MissedEvent>* missed = nullptr) const;
  // The change from `before` (an earlier state of the same group) to this one; none when it
  // would not be smaller than this whole state, or the group's game (its option schema or
  // board) changed, or `before` is not older.
  std::optional<GroupPatch> patch_since(const GroupEncoder& before) const;
  int64_t version() const;

 private:
  struct Shared;
  std::shared_ptr<const Shared> shared_;
};
std::string encode(const std::vector<HistoryEntry>& games);
std::string encode(const RecordView& m);

}  // namespace kaisho::server::protocol
