#include "app/viewer/state/ViewerStateScript.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
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

}  // namespace

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
    static const std::map<std::string, ScriptOp> kOps = {
        {"click", ScriptOp::Click},
        {"double-click", ScriptOp::DoubleClick},
        {"hover", ScriptOp::Hover},
        {"click-view", ScriptOp::ClickView},
        {"type", ScriptOp::Type},
        {"drag", ScriptOp::Drag},
        {"key", ScriptOp::Key},
        {"wait", ScriptOp::Wait},
        {"idle", ScriptOp::Idle},
        {"expect-clip", ScriptOp::ExpectClip},
        {"expect-weight", ScriptOp::ExpectWeight},
        {"expect-weight-everywhere", ScriptOp::ExpectWeightEverywhere},
        {"expect-message", ScriptOp::ExpectMessage},
        {"expect-no-error", ScriptOp::ExpectNoError},
        {"expect-error", ScriptOp::ExpectError},
        {"screenshot", ScriptOp::Screenshot},
        {"quit", ScriptOp::Quit},
    };
    std::vector<ScriptCommand> commands;
    std::istringstream in(text);
    std::string line;
    for (int number_ = 1; std::getline(in, line); ++number_) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto fail = [&](const std::string& problem) {
            return morph::Error{morph::ErrorCode::Usage,
                                source + ":" + std::to_string(number_) + ": " + problem};
        };
        const size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos || line[first] == '#') continue;
        auto split = words(line);
        if (!split) return fail(split.error().message);
        const std::vector<std::string>& w = *split;
        const auto op = kOps.find(w[0]);
        if (op == kOps.end()) return fail("unknown command '" + w[0] + "'");
        ScriptCommand c;
        c.op = op->second;
        c.line = number_;
        const size_t args = w.size() - 1;
        switch (c.op) {
            case ScriptOp::Click:
            case ScriptOp::DoubleClick:
            case ScriptOp::ExpectMessage:
            case ScriptOp::ExpectError:
            case ScriptOp::Screenshot:
                if (args != 1 || w[1].empty()) return fail(w[0] + " needs one argument");
                c.target = w[1];
                break;
            case ScriptOp::Hover:
                if (args < 1 || args > 2) return fail("hover needs a widget and optionally frames");
                c.target = w[1];
                c.frames = 2;
                if (args == 2 && !integer(w[2], c.frames))
                    return fail("hover: '" + w[2] + "' is not a frame count");
                break;
            case ScriptOp::ClickView:
                if (args != 2 || !number(w[1], c.value) || !number(w[2], c.value2) || c.value < 0 ||
                    c.value > 1 || c.value2 < 0 || c.value2 > 1) {
                    return fail("click-view needs X Y, fractions of the view from 0 to 1");
                }
                break;
            case ScriptOp::Type:
                if (args == 0) return fail("type needs text");
                c.text = restOfLine(line);
                if (!c.text.empty() && c.text[0] == '"' && args == 1) c.text = w[1];
                break;
            case ScriptOp::Drag:
                if (args != 2 || !number(w[2], c.value))
                    return fail("drag needs a widget and a value");
                c.target = w[1];
                break;
            case ScriptOp::Key: {
                if (args != 1) return fail("key needs one key");
                auto key = parseKey(w[1]);
                if (!key) return fail(key.error().message);
                c.key = *key;
                break;
            }
            case ScriptOp::Wait:
                if (args != 1 || !integer(w[1], c.frames)) return fail("wait needs a frame count");
                break;
            case ScriptOp::Idle:
                if (args != 3 || !number(w[1], c.value) || !(c.value > 0 && c.value <= 60) ||
                    !integer(w[2], c.frames) || !integer(w[3], c.maxFrames) || c.frames < 0 ||
                    c.maxFrames < c.frames) {
                    return fail(
                        "idle needs SECONDS (over 0, at most 60) and the fewest and most "
                        "frames drawn meanwhile");
                }
                break;
            case ScriptOp::ExpectClip:
                if (args < 1 || args > 2)
                    return fail("expect-clip needs a clip name and optionally playing|paused");
                c.target = w[1];
                if (args == 2) {
                    if (w[2] != "playing" && w[2] != "paused")
                        return fail("expect-clip: '" + w[2] + "' is not playing|paused");
                    c.text = w[2];
                }
                break;
            case ScriptOp::ExpectWeight:
            case ScriptOp::ExpectWeightEverywhere:
                if (args < 2 || args > 3 || !number(w[2], c.value))
                    return fail(w[0] + " needs a target and a value");
                c.target = w[1];
                c.value2 = 0.01f;
                if (args == 3 && (!number(w[3], c.value2) || c.value2 < 0))
                    return fail(w[0] + ": bad tolerance '" + w[3] + "'");
                break;
            case ScriptOp::ExpectNoError:
            case ScriptOp::Quit:
                if (args != 0) return fail(w[0] + " takes no arguments");
                break;
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
