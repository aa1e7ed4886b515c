#include "renderer/gl/ShaderSource.h"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "renderer/gl/Bindings.h"

namespace renderer {

ShaderFileReader embeddedShaderReader() {
    return [](const std::string& name) -> std::optional<std::string> {
        auto text = embeddedShaderFile(name);
        if (!text) return std::nullopt;
        return std::string(*text);
    };
}

ShaderFileReader folderShaderReader(const std::string& folder) {
    return [folder](const std::string& name) -> std::optional<std::string> {
        std::ifstream in(folder + "/" + name, std::ios::binary);
        if (!in) return std::nullopt;
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
}

namespace {

struct Expander {
    const ShaderFileReader& reader;
    std::vector<std::string> files;
    std::string out;

    int fileNumber(const std::string& name) {
        auto it = std::find(files.begin(), files.end(), name);
        if (it != files.end()) return int(it - files.begin());
        files.push_back(name);
        return int(files.size()) - 1;
    }

    // Appends the body of `name` from line `firstLine` on; `#include "x"` lines recurse.
    morph::Status body(const std::string& name, const std::string& text, int firstLine) {
        const int number = fileNumber(name);
        static const std::regex includeLine(R"(^\s*#\s*include\s*(.*)$)");
        static const std::regex quoted(R"re(^"([^"]+)"\s*(//.*)?$)re");
        std::istringstream lines(text);
        std::string line;
        int lineNumber = 0;
        out += "#line " + std::to_string(firstLine) + " " + std::to_string(number) + "\n";
        while (std::getline(lines, line)) {
            ++lineNumber;
            if (lineNumber < firstLine) continue;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            std::smatch match;
            if (!std::regex_match(line, match, includeLine)) {
                out += line + "\n";
                continue;
            }
            const std::string where = name + ":" + std::to_string(lineNumber) + ": ";
            std::string argument = match[1];
            std::smatch file;
            if (!std::regex_match(argument, file, quoted)) {
                return morph::Error{
                    morph::ErrorCode::Gpu,
                    where + "#include needs a \"file\" name, got '" + argument + "'"};
            }
            const std::string included = file[1];
            if (std::find(files.begin(), files.end(), included) != files.end()) {
                out += "\n";  // already expanded in this shader (or an include cycle)
                continue;
            }
            auto includedText = reader(included);
            if (!includedText) {
                return morph::Error{morph::ErrorCode::Io,
                                    where + "#include \"" + included + "\": no such shader file"};
            }
            if (auto status = body(included, *includedText, 1); !status) return status;
            out += "#line " + std::to_string(lineNumber + 1) + " " + std::to_string(number) + "\n";
        }
        return {};
    }
};

}  // namespace

morph::Result<ExpandedShader> expandShader(const std::string& name, const ShaderFileReader& reader,
                                           const std::string& extraDefines) {
    auto text = reader(name);
    if (!text) return morph::Error{morph::ErrorCode::Io, name + ": no such shader file"};
    const std::string& source = *text;
    const size_t firstEnd = source.find('\n');
    const std::string first = source.substr(0, firstEnd);
    static const std::regex versionLine(R"(^\s*#\s*version\s+\d+.*\r?$)");
    if (!std::regex_match(first, versionLine)) {
        return morph::Error{morph::ErrorCode::Gpu,
                            name + ":1: the first line must be #version (the bindings follow it)"};
    }
    Expander expander{reader, {}, {}};
    expander.out = first + "\n" + bindingDefines() + extraDefines;
    if (!extraDefines.empty() && extraDefines.back() != '\n') expander.out += "\n";
    if (auto status = expander.body(name, source, 2); !status) return status.error();
    return ExpandedShader{std::move(expander.out), std::move(expander.files)};
}

std::string nameFilesInLog(const std::string& log, const std::vector<std::string>& files) {
    // Mesa: "0:12(5): error: ..."; the leading number is the #line source-string number.
    static const std::regex reference(R"((^|[\s|])(\d+):(\d+)\()");
    std::string out;
    auto begin = std::sregex_iterator(log.begin(), log.end(), reference);
    size_t copied = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        if (m[2].length() > 6) continue;
        const size_t number = std::stoul(m[2]);
        if (number >= files.size()) continue;
        out += log.substr(copied, size_t(m.position(2)) - copied);
        out += files[number] + ":" + m[3].str() + "(";
        copied = size_t(m.position(0) + m.length(0));
    }
    out += log.substr(copied);
    return out;
}

}  // namespace renderer
