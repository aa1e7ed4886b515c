// What `cmake --install` ships beside the binary, checked against the binary itself: the man
// page and the bash completion name exactly the subcommands and options each --help lists, and
// a morphview copied into PREFIX/bin finds its data in PREFIX/share/morphview, never in the
// source tree (capture without MODEL draws the bundled face).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fixtures/BuildPaths.h"
#include "fixtures/ChildProcess.h"
#include "fixtures/RunMorphview.h"
#include "fixtures/TestPaths.h"

namespace install_docs_test {

namespace {

namespace fs = std::filesystem;
using Names = std::set<std::string>;

const fs::path kInstallDir = fs::path(MORPHVIEW_SOURCE_DIR) / "app" / "install";

std::vector<std::string> linesOf(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string help(const std::string& command) {
    std::vector<std::string> args;
    if (!command.empty()) args.push_back(command);
    args.push_back("--help");
    const fixtures::RunOutcome run = fixtures::runMorphview(args);
    EXPECT_EQ(run.exitCode, 0) << command << ": " << run.err;
    return run.out;
}

// The long options of one --help: "  --name ARG  text" or "  -h,--help  text".
Names helpOptions(const std::string& command) {
    static const std::regex option(R"(^  (-h,)?(--[a-z][a-z0-9-]*).*)");
    Names names;
    for (const std::string& line : linesOf(help(command))) {
        std::smatch match;
        if (std::regex_match(line, match, option)) names.insert(match[2]);
    }
    return names;
}

Names helpCommands() {
    Names names;
    bool inList = false;
    for (const std::string& line : linesOf(help(""))) {
        if (line == "Subcommands:") inList = true;
        else if (line.empty()) inList = false;
        else if (inList && line.size() > 2 && line[2] != ' ')
            names.insert(line.substr(2, line.find(' ', 2) - 2));
    }
    return names;
}

// The man page's .TP entries by section: "" for OPTIONS (the viewer's), the .SS name under
// COMMANDS; each entry's tag line lists its options as \-\-name.
std::map<std::string, Names> manOptions() {
    static const std::regex option(R"(\\-\\-([a-z0-9]|\\-)+)");
    std::map<std::string, Names> sections;
    std::string section, key;
    bool tagNext = false, inCommands = false, inOptions = false;
    for (const std::string& line : linesOf(fixtures::readWholeFile(kInstallDir / "morphview.1"))) {
        if (line.rfind(".SH ", 0) == 0) {
            inOptions = line == ".SH OPTIONS";
            inCommands = line == ".SH COMMANDS";
            key = "";
            if (inCommands) continue;
        }
        if (line.rfind(".SS ", 0) == 0 && inCommands) key = line.substr(4), sections[key];
        if (!inOptions && !(inCommands && !key.empty())) continue;
        if (tagNext) {
            for (std::sregex_iterator it(line.begin(), line.end(), option), end; it != end; ++it) {
                std::string name = it->str();
                name.erase(std::remove(name.begin(), name.end(), '\\'), name.end());
                sections[key].insert(name);
            }
        }
        tagNext = line == ".TP";
    }
    return sections;
}

// What the completion script offers after `morphview WORDS...` (the last word being completed).
Names completions(const std::vector<std::string>& words) {
    const std::string dir = fixtures::caseScratchDir();
    std::string script = "shopt -s extglob; source '" + (kInstallDir / "morphview.bash").string() +
                         "'; COMP_WORDS=('" + MORPHVIEW_EXECUTABLE + "'";
    for (const std::string& word : words) script += " '" + word + "'";
    script += "); COMP_CWORD=" + std::to_string(words.size()) +
              "; _morphview; printf '%s\\n' \"${COMPREPLY[@]}\"";
    fixtures::ChildOptions options;
    options.outPath = dir + "/completions.txt";
    options.workingDirectory = dir;  // no files beside: only words are offered
    const pid_t pid = fixtures::startChild({"/bin/bash", "--norc", "-c", script}, options);
    EXPECT_GT(pid, 0);
    EXPECT_EQ(fixtures::waitChild(pid), 0);
    Names names;
    for (const std::string& line : linesOf(fixtures::readWholeFile(options.outPath)))
        if (!line.empty()) names.insert(line);
    return names;
}

TEST(InstallDocs, TheManPageHasASectionForEverySubcommand) {
    const Names commands = helpCommands();
    ASSERT_GE(commands.size(), 7u);
    Names documented;
    for (const auto& [name, options] : manOptions())
        if (!name.empty()) documented.insert(name);
    EXPECT_EQ(documented, commands);
}

TEST(InstallDocs, TheManPageDocumentsExactlyTheOptionsOfEachCommand) {
    const std::map<std::string, Names> man = manOptions();
    Names commands = helpCommands();
    commands.insert("");  // the viewer's own options
    for (const std::string& command : commands) {
        const auto section = man.find(command);
        ASSERT_NE(section, man.end()) << "no section for '" << command << "'";
        const Names listed = helpOptions(command);
        ASSERT_GE(listed.size(), 2u) << command;
        EXPECT_EQ(section->second, listed) << "morphview " << command << " --help";
    }
}

TEST(InstallDocs, BashCompletionOffersTheSubcommandsAndEachCommandsOptions) {
    EXPECT_EQ(completions({""}), helpCommands());
    Names commands = helpCommands();
    commands.insert("");
    for (const std::string& command : commands) {
        std::vector<std::string> words;
        if (!command.empty()) words.push_back(command);
        words.push_back("--");
        EXPECT_EQ(completions(words), helpOptions(command)) << "morphview " << command;
    }
    EXPECT_EQ(completions({"capture", "--tone-mapping", "a"}), (Names{"aces", "agx"}));
}

// A copy of the binary in PREFIX/bin reads PREFIX/share/morphview/face.glb: there the character
// stands in for the face, so a capture without MODEL shows which file it found.
TEST(InstallDocs, AnInstalledLayoutFindsItsDataBesideTheExecutable) {
    const fs::path prefix = fixtures::caseScratchDir();
    const fs::path source = MORPHVIEW_SOURCE_DIR;
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share" / "morphview");
    fs::copy_file(MORPHVIEW_EXECUTABLE, prefix / "bin" / "morphview");
    fs::copy_file(source / "assets" / "character.glb", prefix / "share" / "morphview" / "face.glb");

    const std::vector<std::string> look = {"--size", "48x48", "--environment", "rig"};
    auto capture = [&](const std::string& exe, std::vector<std::string> args) {
        args.insert(args.end(), look.begin(), look.end());
        args.insert(args.begin(), exe);
        fixtures::ChildOptions options;
        options.workingDirectory = "/";
        options.errPath = (prefix / "err.txt").string();
        const pid_t pid = fixtures::startChild(args, options);
        EXPECT_GT(pid, 0);
        EXPECT_EQ(fixtures::waitChild(pid), 0) << fixtures::readWholeFile(options.errPath);
    };
    const std::string installed = (prefix / "bin" / "morphview").string();
    capture(installed, {"capture", "--out", (prefix / "bundled.png").string()});
    capture(MORPHVIEW_EXECUTABLE, {"capture", (source / "assets" / "character.glb").string(),
                                   "--out", (prefix / "character.png").string()});
    capture(MORPHVIEW_EXECUTABLE, {"capture", "--out", (prefix / "face.png").string()});
    capture(MORPHVIEW_EXECUTABLE, {"capture", (source / "assets" / "face.glb").string(), "--out",
                                   (prefix / "face-named.png").string()});

    const std::string bundled = fixtures::readWholeFile((prefix / "bundled.png").string());
    ASSERT_FALSE(bundled.empty());
    EXPECT_EQ(bundled, fixtures::readWholeFile((prefix / "character.png").string()));
    // The build tree's binary draws the committed face without MODEL.
    const std::string face = fixtures::readWholeFile((prefix / "face.png").string());
    ASSERT_FALSE(face.empty());
    EXPECT_EQ(face, fixtures::readWholeFile((prefix / "face-named.png").string()));
    EXPECT_NE(face, bundled);
}

}  // namespace

}  // namespace install_docs_test
