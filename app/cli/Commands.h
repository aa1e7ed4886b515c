#pragma once
// The subcommands of morphview. Each registers itself on the root CLI::App with one call from
// main.cpp; its parse callback only records what to run, so a usage error (exit 2) is always
// found before any work starts, and only main() turns results into exit codes.
//
// To add a subcommand: declare `void addXxxCommand(CLI::App&, CommandContext&)` in your own
// XxxCommand.h, implement it in XxxCommand.cpp, and add one line to main.cpp.
#include <cstdio>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace app {

// Exit codes (STYLE.md "Errors and input").
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // runtime failure: bad file, unknown target, write error
inline constexpr int kExitUsage = 2;    // command line errors: unknown option, missing argument
// compare and regress: an image, model or reference that cannot be read, so nothing could be
// compared (issue 17; app/regress/Report.h's exitCode() returns the same 3).
inline constexpr int kExitUnreadable = 3;

// Prints the one-line error and returns kExitFailure: `return failWith(error.message);`.
inline int failWith(const std::string& message) {
    std::fprintf(stderr, "%s\n", message.c_str());
    return kExitFailure;
}

struct CommandContext {
    // Set by the chosen subcommand's callback during parsing; main() calls it afterwards and
    // returns its value (kExitOk or kExitFailure).
    std::function<int()> run;
};

// `morphview info MODEL [--json]` (InfoCommand.cpp).
void addInfoCommand(CLI::App& root, CommandContext& context);

}  // namespace app
