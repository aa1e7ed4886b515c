#include "app/document/ViewerStateScript.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace app {

namespace {

// Splits a line into words; "double quoted" words keep their spaces (\" and \\ escape).
morph::Result<std::vector<std::string>> words(const std::string& line) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < line.size()) {
        if (std::isspace(static_cast<unsigned char>(line[i]))) {
            ++i;
            continue;
        }
        std::string word;
        if (line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                const char c = line[i++];
                if (c == '\\' && i < line.size()) {
                    word += line[i++];
                } else if (c == '"') {
                    closed = true;
                    break;
                } else {
                    word += c;
                }
            }
            if (!closed) return morph::Error{morph::ErrorCode::Usage, "unterminated quote"};
        } else {
            while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])))
                word += line[i++];
        }
        out.push_back(word);
    }
    return out;
}

bool number(const std::string& text, float& out) {
    if (text.empty()) return false;
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    in >> out;
    return !in.fail() && in.eof() && std::isfinite(out);
}

bool integer(const std::string& text, int& out) {
    if (text.empty() || text.size() > 7 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return false;
    out = std::stoi(text);
    return true;
}

morph::Result<ScriptKey> parseKey(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    ScriptKey key;
    for (;;) {
        if (text.rfind("ctrl+", 0) == 0 && text.size() > 5) {
            key.ctrl = true;
            text = text.substr(5);
        } else if (text.rfind("shift+", 0) == 0 && text.size() > 6) {
            key.shift = true;
            text = text.substr(6);
        } else {
            break;
        }
    }
    const auto& names = scriptKeyNames();
    if (std::find(names.begin(), names.end(), text) == names.end()) {
        return morph::Error{morph::ErrorCode::Usage, "unknown key '" + text + "'"};
    }
    key.name = text;
    return key;
}

// The rest of a line after its first word, for `type` without quotes.
std::string restOfLine(const std::string& line) {
    size_t i = line.find_first_not_of(" \t");
    i = line.find_first_of(" \t", i);
    if (i == std::string::npos) return "";
    i = line.find_first_not_of(" \t", i);
    if (i == std::string::npos) return "";
    std::string rest = line.substr(i);
    while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back()))) rest.pop_back();
    return rest;
}

// The arguments' parsers of scriptOps(): each fills the command or says what is wrong.
using Words = std::vector<std::string>;

morph::Error problem(const std::string& text) {
    return morph::Error{morph::ErrorCode::Usage, text};
}

// click, double-click, expect-message, expect-error, screenshot: one non-empty argument.
morph::Status parseTarget(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 2 || w[1].empty()) return problem(w[0] + " needs one argument");
    c.target = w[1];
    return {};
}

// expect-no-error, quit.
morph::Status parseNoArguments(const Words& w, const std::string&, ScriptCommand&) {
    if (w.size() != 1) return problem(w[0] + " takes no arguments");
    return {};
}

morph::Status parseHover(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() < 2 || w.size() > 3) return problem("hover needs a widget and optionally frames");
    c.target = w[1];
    c.frames = 2;
    if (w.size() == 3 && !integer(w[2], c.frames))
        return problem("hover: '" + w[2] + "' is not a frame count");
    return {};
}

morph::Status parseClickView(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 3 || !number(w[1], c.value) || !number(w[2], c.value2) || c.value < 0 ||
        c.value > 1 || c.value2 < 0 || c.value2 > 1) {
        return problem("click-view needs X Y, fractions of the view from 0 to 1");
    }
    return {};
}

// type and say: the rest of the line, or one "quoted string" as written.
morph::Status parseText(const Words& w, const std::string& line, ScriptCommand& c) {
    if (w.size() == 1) return problem(w[0] + (w[0] == "say" ? " needs a line" : " needs text"));
    c.text = restOfLine(line);
    if (!c.text.empty() && c.text[0] == '"' && w.size() == 2) c.text = w[1];
    return {};
}

morph::Status parseDrag(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 3 || !number(w[2], c.value)) return problem("drag needs a widget and a value");
    c.target = w[1];
    return {};
}

morph::Status parseKeyCommand(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 2) return problem("key needs one key");
    auto key = parseKey(w[1]);
    if (!key) return key.error();
    c.key = *key;
    return {};
}

morph::Status parseWait(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 2 || !integer(w[1], c.frames)) return problem("wait needs a frame count");
    return {};
}

morph::Status parseIdle(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 4 || !number(w[1], c.value) || !(c.value > 0 && c.value <= 60) ||
        !integer(w[2], c.frames) || !integer(w[3], c.maxFrames) || c.frames < 0 ||
        c.maxFrames < c.frames) {
        return problem(
            "idle needs SECONDS (over 0, at most 60) and the fewest and most frames drawn "
            "meanwhile");
    }
    return {};
}

morph::Status parseExpectClip(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() < 2 || w.size() > 3)
        return problem("expect-clip needs a clip name and optionally playing|paused");
    c.target = w[1];
    if (w.size() == 3) {
        if (w[2] != "playing" && w[2] != "paused")
            return problem("expect-clip: '" + w[2] + "' is not playing|paused");
        c.text = w[2];
    }
    return {};
}

// expect-weight and expect-weight-everywhere: a target, a value, a tolerance (default 0.01).
morph::Status parseExpectWeight(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() < 3 || w.size() > 4 || !number(w[2], c.value))
        return problem(w[0] + " needs a target and a value");
    c.target = w[1];
    c.value2 = 0.01f;
    if (w.size() == 4 && (!number(w[3], c.value2) || c.value2 < 0))
        return problem(w[0] + ": bad tolerance '" + w[3] + "'");
    return {};
}

// expect-curve "TARGET" SECONDS VALUE [TOL]: where on the curve, its value, a tolerance (default
// 0.01).
morph::Status parseExpectCurve(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() < 4 || w.size() > 5 || !number(w[2], c.time) || !number(w[3], c.value))
        return problem("expect-curve needs a target, a time and a value");
    c.target = w[1];
    c.value2 = 0.01f;
    if (w.size() == 5 && (!number(w[4], c.value2) || c.value2 < 0))
        return problem("expect-curve: bad tolerance '" + w[4] + "'");
    return {};
}

// wait-speech "TARGET" MIN [SECONDS]: the peak the target must reach, the longest wait.
morph::Status parseWaitSpeech(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() < 3 || w.size() > 4 || !number(w[2], c.value))
        return problem("wait-speech needs a target and the least peak weight");
    c.target = w[1];
    c.value2 = 10;
    if (w.size() == 4 && (!number(w[3], c.value2) || !(c.value2 > 0 && c.value2 <= 60)))
        return problem("wait-speech: bad seconds '" + w[3] + "' (over 0, at most 60)");
    return {};
}

morph::Status parseProfileSeconds(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 2 || !number(w[1], c.value) || !(c.value > 0 && c.value <= 60))
        return problem("profile-seconds needs SECONDS (over 0, at most 60)");
    return {};
}

morph::Status parseClipLimit(const Words& w, const std::string&, ScriptCommand& c) {
    if (w.size() != 2 || !number(w[1], c.value) || !(c.value > 0 && c.value <= 600))
        return problem("clip-limit needs SECONDS (over 0, at most 600)");
    return {};
}

}  // namespace

const std::vector<ScriptOpSpec>& scriptOps() {
    static const std::vector<ScriptOpSpec> ops = {
        {ScriptOp::Click, "click", parseTarget},
        {ScriptOp::DoubleClick, "double-click", parseTarget},
        {ScriptOp::Hover, "hover", parseHover},
        {ScriptOp::ClickView, "click-view", parseClickView},
        {ScriptOp::Type, "type", parseText},
        {ScriptOp::Drag, "drag", parseDrag},
        {ScriptOp::Key, "key", parseKeyCommand},
        {ScriptOp::Wait, "wait", parseWait},
        {ScriptOp::Idle, "idle", parseIdle},
        {ScriptOp::ExpectClip, "expect-clip", parseExpectClip},
        {ScriptOp::ExpectWeight, "expect-weight", parseExpectWeight},
        {ScriptOp::ExpectWeightEverywhere, "expect-weight-everywhere", parseExpectWeight},
        {ScriptOp::ExpectCurve, "expect-curve", parseExpectCurve},
        {ScriptOp::ExpectMessage, "expect-message", parseTarget},
        {ScriptOp::ExpectNoError, "expect-no-error", parseNoArguments},
        {ScriptOp::ExpectError, "expect-error", parseTarget},
        {ScriptOp::Say, "say", parseText},
        {ScriptOp::WaitSpeech, "wait-speech", parseWaitSpeech},
        {ScriptOp::Drop, "drop", parseTarget},
        {ScriptOp::Screenshot, "screenshot", parseTarget},
        {ScriptOp::CloseWindow, "close-window", parseNoArguments},
        {ScriptOp::Sample, "sample", parseTarget},
        {ScriptOp::ProfileSeconds, "profile-seconds", parseProfileSeconds},
        {ScriptOp::ClipLimit, "clip-limit", parseClipLimit},
        {ScriptOp::Quit, "quit", parseNoArguments},
    };
    return ops;
}

const std::vector<std::string>& scriptKeyNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n = {"space", "enter", "escape", "tab",       "left", "right",
                                      "up",    "down",  "delete", "backspace", "home", "end"};
        for (int f = 1; f <= 12; ++f) n.push_back("f" + std::to_string(f));
        for (char c = 'a'; c <= 'z'; ++c) n.push_back(std::string(1, c));
        for (char c = '0'; c <= '9'; ++c) n.push_back(std::string(1, c));
        return n;
    }();
    return names;
}

morph::Result<std::vector<ScriptCommand>> parseScript(const std::string& text,
                                                      const std::string& source) {
    std::vector<ScriptCommand> commands;
    std::istringstream in(text);
    std::string line;
    for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto fail = [&](const std::string& problem) {
            return morph::Error{morph::ErrorCode::Usage,
                                source + ":" + std::to_string(lineNumber) + ": " + problem};
        };
        const size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        auto split = words(line);
        if (!split) return fail(split.error().message);
        const std::vector<ScriptOpSpec>& ops = scriptOps();
        const auto spec = std::find_if(
            ops.begin(), ops.end(), [&](const ScriptOpSpec& o) { return (*split)[0] == o.name; });
        if (spec == ops.end()) return fail("unknown command '" + (*split)[0] + "'");
        ScriptCommand c;
        c.op = spec->op;
        c.line = lineNumber;
        if (auto parsed = spec->parse(*split, line, c); !parsed) {
            return fail(parsed.error().message);
        }
        commands.push_back(c);
    }
    return commands;
}

morph::Result<std::vector<ScriptCommand>> loadScript(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return morph::Error{morph::ErrorCode::Io,
                            path + ": cannot read (no such file or no permission)"};
    std::ostringstream text;
    text << file.rdbuf();
    return parseScript(text.str(), path);
}

}  // namespace app
