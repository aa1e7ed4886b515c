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

#include "app/cli/CliFwd.h"
#include "morph/Result.h"

namespace app {

// Exit codes (STYLE.md "Errors and input"); main() alone returns them (exitCode()).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // runtime failure: bad file, unknown target, write error
inline constexpr int kExitUsage = 2;    // command line errors: unknown option, missing argument
// compare and regress: an image, model or reference that cannot be read, so nothing could be
// compared (regress's report says the same with Verdict::Unreadable, so compare and regress
// agree).
inline constexpr int kExitUnreadable = 3;

// How a command's run ended. Its messages for stderr are printed as they happen (the command
// may have more than one), or given back in `message` for main() to print as one line.
enum class Outcome {
    Ok,          // done, or compared and matching
    Failed,      // a runtime failure, or compared and differing
    Usage,       // what the command line names is not there (--scene 3 of a file with 2)
    Unreadable,  // compare and regress: nothing could be compared
};

struct CommandResult {
    Outcome outcome = Outcome::Ok;
    std::string message;  // one line, printed on stderr by main() when not empty
};

// `return failWith(error.message);`: a runtime failure with its one line.
inline CommandResult failWith(const std::string& message) {
    return {Outcome::Failed, message};
}
// `return usageError(error.message);`: exit 2, as for a bad option.
inline CommandResult usageError(const std::string& message) {
    return {Outcome::Usage, message};
}
// An error as what the run ends with: exit 2 where it is of kind Usage (what the command line
// names is wrong: a transcript word the dictionary lacks, a sidecar naming what the model
// lacks), else a runtime failure; `message` is its one line.
inline CommandResult usageOrFailure(morph::ErrorCode code, const std::string& message) {
    return {code == morph::ErrorCode::Usage ? Outcome::Usage : Outcome::Failed, message};
}
// Done (true) or failed with the reasons already printed (false): a run with several shots.
inline CommandResult succeeded(bool ok) {
    return {ok ? Outcome::Ok : Outcome::Failed, {}};
}

// The one mapping from a command's result to morphview's exit code; prints the message.
inline int exitCode(const CommandResult& result) {
    if (!result.message.empty()) std::fprintf(stderr, "%s\n", result.message.c_str());
    switch (result.outcome) {
        case Outcome::Ok: return kExitOk;
        case Outcome::Failed: return kExitFailure;
        case Outcome::Usage: return kExitUsage;
        case Outcome::Unreadable: return kExitUnreadable;
    }
    return kExitFailure;
}

struct CommandContext {
    // Set by the chosen subcommand's callback during parsing; main() calls it afterwards and
    // turns its result into the exit code (exitCode()).
    std::function<CommandResult()> run;
};

// `morphview info MODEL [--json]` (InfoCommand.cpp).
void addInfoCommand(CLI::App& root, CommandContext& context);

}  // namespace app
