#include "server/store/store_reader.hpp"

namespace kaisho::server {

StoreReader::StoreReader(std::vector<Store*> stores) {
  for (Store* store : stores) threads_.emplace_back([this, store] { serve(*store); });
}

StoreReader::~StoreReader() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
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
