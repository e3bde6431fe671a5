#include "server/store/store_reader.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace kaisho::server {

bool ReadQueue::take_check(const std::string& person, const std::string& address) {
  std::lock_guard lock(checks_mutex_);
  if (checking_people_.contains(person)) return false;
  auto at = checking_addresses_.find(address);
  if (at != checking_addresses_.end() && at->second >= kChecksPerAddress) return false;
  ++checking_people_[person];
  ++checking_addresses_[address];
  return true;
}

void ReadQueue::release_check(const std::string& person, const std::string& address) {
  std::lock_guard lock(checks_mutex_);
  if (--checking_people_[person] <= 0) checking_people_.erase(person);
  if (--checking_addresses_[address] <= 0) checking_addresses_.erase(address);
}

StoreReader::StoreReader(std::vector<Store*> stores, int check_nice) {
  for (Store* store : stores) threads_.emplace_back([this, store] { serve(*store); });
  threads_.emplace_back([this, check_nice] { serve_checks(check_nice); });
}

StoreReader::~StoreReader() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  wake_checks_.notify_all();
  for (auto& t : threads_) t.join();
}

void StoreReader::run_check(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    checks_.push_back(std::move(job));
  }
  wake_checks_.notify_one();
}

void StoreReader::serve_checks(int nice) {
  // This thread's own niceness (Linux: a thread id names one thread).
  if (nice > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_checks_.wait(lock, [this] { return stopping_ || !checks_.empty(); });
      if (stopping_) return;
      job = std::move(checks_.front());
      checks_.pop_front();
    }
    job();
  }
}

void StoreReader::run(std::function<void(Store&)> job) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
}

size_t StoreReader::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void StoreReader::serve(Store& store) {
  for (;;) {
    std::function<void(Store&)> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job(store);
  }
}

}  // namespace kaisho::server
