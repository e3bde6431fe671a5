// The store reader's lanes (server/store/store_reader.hpp): reads never wait behind checks (the
// replays of practice games), and checks are bounded per person and per address, so that a
// flood of them queues no more than its senders' bounds.
#include <gtest/gtest.h>

#include <filesystem>
#include <future>

#include "server/store/store.hpp"
#include "server/store/store_reader.hpp"

namespace kaisho::server::testing {
namespace {

// Runs what is posted at once, on the posting thread (the reader's).
class DirectScheduler final : public Scheduler {
 public:
  int64_t now_ms() override { return 0; }
  void post(std::function<void()> fn) override { fn(); }
  TimerId after(int64_t, std::function<void()> fn) override {
    fn();
    return 0;
  }
  void cancel(TimerId) override {}
};

class StoreReaderLanes : public ::testing::Test {
 public:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("kaisho-reader-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    auto store = open_sqlite_store(path_.string());
    ASSERT_TRUE(store.ok()) << store.error().message;
    store_ = std::move(store.value());
    reader_ = std::make_unique<StoreReader>(std::vector<Store*>{store_.get()}, 0);
  }
  void TearDown() override {
    reader_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_.string() + suffix);
  }

  // A check that runs until `gate` is opened; `done` is set when its answer is posted.
  bool held_check(const std::string& person, const std::string& address,
                  std::shared_future<void> gate, std::promise<void>& done) {
    return reader_->check<int>(
        scheduler_, person, address,
        [gate] {
          gate.wait();
          return 1;
        },
        [&done](int) { done.set_value(); });
  }

  std::filesystem::path path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<StoreReader> reader_;
  DirectScheduler scheduler_;
};

TEST_F(StoreReaderLanes, AReadIsAnsweredWhileAPracticeCheckRuns) {
  std::promise<void> open;
  std::promise<void> checked;
  ASSERT_TRUE(held_check("p1", "10.0.0.1", open.get_future().share(), checked));
  std::promise<void> read;
  reader_->run([&read](Store&) { read.set_value(); });
  read.get_future().wait();  // before the check ends: a lane of its own
  open.set_value();
  checked.get_future().wait();
}

TEST_F(StoreReaderLanes, APersonHasOneCheckInFlightAndAnAddressTwo) {
  std::promise<void> open;
  auto gate = open.get_future().share();
  std::promise<void> first, second, third;
  ASSERT_TRUE(held_check("p1", "10.0.0.1", gate, first));
  std::promise<void> unused;
  EXPECT_FALSE(held_check("p1", "10.0.0.2", gate, unused)) << "the same person, elsewhere";
  EXPECT_TRUE(held_check("p2", "10.0.0.1", gate, second)) << "the address's second";
  EXPECT_FALSE(held_check("p3", "10.0.0.1", gate, unused)) << "the address's third";
  EXPECT_TRUE(held_check("p4", "10.0.0.2", gate, third)) << "another address";
  open.set_value();
  first.get_future().wait();
  second.get_future().wait();
  third.get_future().wait();
  std::promise<void> again;
  EXPECT_TRUE(held_check("p1", "10.0.0.1", gate, again)) << "once answered, the next";
  again.get_future().wait();
}

}  // namespace
}  // namespace kaisho::server::testing
