#pragma once
// A few worker threads that start queued tasks in the order they were queued, each task's result
// a future: regress encodes, writes and compares shot N on a worker while shot N + 1 draws on
// the GL thread. GL-free; a task must not touch the GL context.
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace app::regress {

class TaskPool {
public:
    // `threads` workers (at least one).
    explicit TaskPool(int threads);
    // Runs every task already queued, then joins the workers.
    ~TaskPool();
    TaskPool(const TaskPool&) = delete;
    TaskPool& operator=(const TaskPool&) = delete;

    // Queues `task`; its result (or the exception it throws) comes through the future.
    template <class Task>
    auto submit(Task task) -> std::future<std::invoke_result_t<Task>> {
        using Value = std::invoke_result_t<Task>;
        auto packaged = std::make_shared<std::packaged_task<Value()>>(std::move(task));
        std::future<Value> result = packaged->get_future();
        push([packaged] { (*packaged)(); });
        return result;
    }

    // The workers regress uses: half the cores (llvmpipe draws on every core), 1 to 4.
    static int defaultThreads();

private:
    void push(std::function<void()> job);
    void work();

    std::mutex mMutex;
    std::condition_variable mWake;
    std::deque<std::function<void()>> mJobs;
    bool mStopping = false;
    std::vector<std::thread> mThreads;
};

}  // namespace app::regress
