#include "app/regress/TaskPool.h"

#include <algorithm>
#include <utility>

namespace app::regress {

TaskPool::TaskPool(int threads) {
    for (int i = 0; i < std::max(threads, 1); ++i) mThreads.emplace_back([this] { work(); });
}

TaskPool::~TaskPool() {
    {
        std::lock_guard<std::mutex> lock(mMutex);
        mStopping = true;
    }
    mWake.notify_all();
    for (std::thread& thread : mThreads) thread.join();
}

int TaskPool::defaultThreads() {
    const int cores = int(std::thread::hardware_concurrency());
    return std::clamp(cores / 2, 1, 4);
}

void TaskPool::push(std::function<void()> job) {
    {
        std::lock_guard<std::mutex> lock(mMutex);
        mJobs.push_back(std::move(job));
    }
    mWake.notify_one();
}

void TaskPool::work() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock<std::mutex> lock(mMutex);
            mWake.wait(lock, [this] { return mStopping || !mJobs.empty(); });
            if (mJobs.empty()) return;  // stopping, and nothing left to run
            job = std::move(mJobs.front());
            mJobs.pop_front();
        }
        job();
    }
}

}  // namespace app::regress
