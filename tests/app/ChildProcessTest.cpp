// What the suite starts never outlives it: a child dies with the test process that started it
// (however that process ends), and each private Xvfb takes a display of its own and is gone,
// lock file included, when its owner is.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fixtures/ChildProcess.h"

namespace child_process_test {

namespace {

// A process that has gone, or is a zombie its new parent has yet to reap.
bool gone(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string ignored, state;
    if (!(stat >> ignored >> ignored >> state)) return true;
    return state == "Z" || state == "X";
}

// Waits up to a minute (a hang guard; it takes milliseconds).
bool becomesGone(pid_t pid) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (std::chrono::steady_clock::now() < deadline) {
        if (gone(pid)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

TEST(ChildProcessTest, AChildDiesWithTheProcessThatStartedIt) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    // A stand-in for a test process: it starts a long child, reports its pid, and dies at once
    // without waiting (as a test killed by CTest's timeout would).
    const pid_t middle = fork();
    ASSERT_GE(middle, 0);
    if (middle == 0) {
        close(fds[0]);
        const pid_t child = fixtures::startChild({"/bin/sleep", "600"}, {});
        (void)!write(fds[1], &child, sizeof child);
        _exit(0);
    }
    close(fds[1]);
    pid_t child = -1;
    ASSERT_EQ(read(fds[0], &child, sizeof child), ssize_t(sizeof child));
    close(fds[0]);
    fixtures::waitChild(middle);
    ASSERT_GT(child, 0);
    EXPECT_TRUE(becomesGone(child)) << "the child of a dead test process is still running";
    if (!gone(child)) kill(child, SIGKILL);
}

TEST(ChildProcessTest, TheEnvironmentIsTheTestsWithChanges) {
    setenv("MORPHVIEW_CHILD_TEST_KEEP", "1", 1);
    setenv("MORPHVIEW_CHILD_TEST_DROP", "1", 1);
    const std::vector<std::string> env =
        fixtures::environmentWith({"MORPHVIEW_CHILD_TEST_SET=2", "MORPHVIEW_CHILD_TEST_KEEP=3"},
                                  {"MORPHVIEW_CHILD_TEST_DROP"});
    auto count = [&](const std::string& entry) {
        return std::count(env.begin(), env.end(), entry);
    };
    EXPECT_EQ(count("MORPHVIEW_CHILD_TEST_SET=2"), 1);
    EXPECT_EQ(count("MORPHVIEW_CHILD_TEST_KEEP=3"), 1);
    EXPECT_EQ(count("MORPHVIEW_CHILD_TEST_KEEP=1"), 0);
    EXPECT_EQ(count("MORPHVIEW_CHILD_TEST_DROP=1"), 0);
    unsetenv("MORPHVIEW_CHILD_TEST_KEEP");
    unsetenv("MORPHVIEW_CHILD_TEST_DROP");
}

// Two servers at once (as parallel tests have) get two displays, and each server has exited
// when its owner is destroyed. (Not checked: that its lock file is gone, since a test running
// beside this one may take the freed display number at once.)
TEST(ChildProcessTest, XvfbServersTakeTheirOwnDisplayAndStopWithTheirOwner) {
    ASSERT_TRUE(access("/usr/bin/Xvfb", X_OK) == 0)
        << "Xvfb is not installed (third_party/setup.sh installs it)";
    std::string error;
    pid_t first = -1, second = -1;
    {
        auto a = fixtures::XvfbServer::start("320x240", &error);
        ASSERT_TRUE(a) << error;
        auto b = fixtures::XvfbServer::start("320x240", &error);
        ASSERT_TRUE(b) << error;
        EXPECT_NE(a->display(), b->display());
        EXPECT_TRUE(std::filesystem::exists("/tmp/.X11-unix/X" + a->display().substr(1)));
        first = a->pid();
        second = b->pid();
        EXPECT_FALSE(gone(first));
        EXPECT_FALSE(gone(second));
    }
    EXPECT_TRUE(gone(first));  // the destructor waited for it
    EXPECT_TRUE(gone(second));
}

}  // namespace

}  // namespace child_process_test
