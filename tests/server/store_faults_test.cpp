// The hall when its store fails for a while: nothing it shows is made up from a failed read,
// and what it retries later is dropped once it no longer applies.
#include "hall_fixture.hpp"

namespace kaisho::server::testing {
namespace {

class HallStoreFaults : public HallTest {
 public:
  // A's game against the CPU, whose first move could not be stored: a retry of the CPU's turn
  // is pending on the clock. Returns the group.
  std::string cpu_retry_pending(ConnId a) {
    const std::string id = create(a, "shogi");
    send(a, {{"type", "start"}, {"group", id}});
    cpu_.hold = true;
    send(a, {{"type", "move"}, {"group", id}, {"move", "7g7f"}, {"version", group(a)["version"]}});
    faults_->fail_appends = 1;
    release_cpu();
    return id;
  }
  // The CPU's held answers are given.
  void release_cpu() {
    for (auto& answer : cpu_.held) answer();
    cpu_.held.clear();
    clock_.run();
  }
};

TEST_F(HallStoreFaults, ARatingThatCouldNotBeReadIsReadAgainWhenNextShown) {
  std::string token;
  ConnId a = person("A", &token);
  const std::string id = create(a, "shogi", {{"cpu_level", 8}});
  send(a, {{"type", "start"}, {"group", id}});
  send(a, {{"type", "resign"}, {"group", id}});
  const double rated = group(a)["table"]["game"]["result"]["rating_changes"][0]["after"];
  ASSERT_LT(rated, 1500);
  // A new server (empty caches) whose store cannot read ratings for a moment.
  restart();
  faults_->fail_ratings = -1;
  ::testing::internal::CaptureStderr();
  a = person("A", nullptr, token);
  send(a, {{"type", "join_group"}, {"group", id}});
  EXPECT_GE(faults_->ratings_reads, 1);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("cannot be read"), std::string::npos);
  // The store is back: the next state shows the stored rating, not the default.
  faults_->fail_ratings = 0;
  send(a, {{"type", "settings"}, {"group", id}, {"timer", 30}});
  EXPECT_DOUBLE_EQ(group(a)["table"]["seats"][0]["rating"]["value"].get<double>(), rated);
}

TEST_F(HallStoreFaults, ALeaseRenewalThatRanWhileANewTableWasClaimedDoesNotLoseIt) {
  ConnId a = person("A");
  const auto moved = [&] {
    int n = 0;
    for (const auto& m : out_.sent[a]) n += m["type"] == "error" && m["code"] == "moved";
    return n;
  };
  // The claim of the new table waits 5 ms (its time passes inside it), and the writer's lease
  // renewal begins 2 ms in: it cannot see the lease being made, so its answer lacks the group.
  const int64_t asked = clock_.now;
  faults_->during_claim = [this] { clock_.now += 5; };
  const std::string id = create(a, "shogi");
  faults_->during_claim = nullptr;
  hall_->leases_renewed({}, asked + 2);
  clock_.run();
  EXPECT_EQ(moved(), 0) << "a table just made is not sent elsewhere";
  send(a, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(a)["table"]["status"], "playing");
  // A renewal that began once the claim was made does lose it when its answer lacks it.
  hall_->leases_renewed({}, clock_.now + 1);
  clock_.run();
  EXPECT_EQ(moved(), 1);
}

TEST_F(HallStoreFaults, ACpuMoveThatCouldNotBeStoredIsTriedAgain) {
  ConnId a = person("A");
  cpu_retry_pending(a);
  EXPECT_EQ(group(a)["table"]["game"]["moves"].size(), 1u) << "the CPU's move was not stored";
  cpu_.hold = false;
  clock_.advance(1000);
  EXPECT_EQ(group(a)["table"]["game"]["moves"].size(), 2u) << "and it was tried again";
}

TEST_F(HallStoreFaults, ACpuRetryPendingWhenTheHallStopsDoesNothing) {
  ConnId a = person("A");
  cpu_retry_pending(a);
  ASSERT_GE(clock_.pending_timers(), 1u) << "a retry is pending";
  // The hall goes (a server stopping) while the retry's timer is still due: when it fires it
  // must not touch the hall (AddressSanitizer reports the use of freed memory otherwise).
  hall_.reset();
  const int asked = cpu_.requests;
  clock_.advance(5000);
  EXPECT_EQ(cpu_.requests, asked) << "no CPU request from a hall that is gone";
}

TEST_F(HallStoreFaults, ACpuRetryForATurnThatHasMovedOnAsksNothing) {
  ConnId a = person("A");
  const std::string id = cpu_retry_pending(a);
  ASSERT_GE(clock_.pending_timers(), 1u) << "a retry is pending";
  // Before it fires the game ends and the next begins, the CPU to open it (its search held):
  // the retry belongs to a turn that is over and must not ask the CPU again.
  send(a, {{"type", "resign"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  ASSERT_EQ(group(a)["table"]["game"]["number"], 2);
  ASSERT_EQ(cpu_.held.size(), 1u) << "the CPU thinks about game 2's first move";
  const int asked = cpu_.requests;
  clock_.advance(5000);
  EXPECT_EQ(cpu_.requests, asked) << "one search for the turn, not two";
  release_cpu();
  EXPECT_EQ(group(a)["table"]["game"]["moves"].size(), 1u);
}

}  // namespace
}  // namespace kaisho::server::testing
