#include <algorithm>

#include <nlohmann/json.hpp>

#include "app/take/Take.h"

namespace app::take {

const char* takeFormatKey(TakeFormat format) {
    switch (format) {
        case TakeFormat::LiveLinkFace: return "llf";
        case TakeFormat::Rhubarb: return "rhubarb";
        case TakeFormat::Audio2Face: return "a2f";
    }
    return "llf";
}

// Rhubarb's README describes each shape by the sounds it shows; each is the Oculus viseme of
// those sounds (docs/LIVE.md has the table): A closed lips (P B M), B clenched teeth (K S T, the
// EE of "bee"), C open (EH, AE), D wide open (AA), E slightly rounded (AO, ER), F puckered (UW,
// OW, W), G upper teeth on the lower lip (F V), H tongue behind the upper teeth (long L), X rest.
std::string rhubarbViseme(char shape) {
    switch (shape) {
        case 'A': return "viseme_PP";
        case 'B': return "viseme_SS";
        case 'C': return "viseme_E";
        case 'D': return "viseme_aa";
        case 'E': return "viseme_O";
        case 'F': return "viseme_U";
        case 'G': return "viseme_FF";
        case 'H': return "viseme_nn";
        case 'X': return "viseme_sil";
        default: return {};
    }
}

bool TakeLines::next(std::string_view& line) {
    if (mStart >= mText.size()) return false;
    const size_t end = std::min(mText.find('\n', mStart), mText.size());
    line = mText.substr(mStart, end - mStart);
    mStart = end + 1;
    ++mNumber;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return true;
}

size_t lineOfOffset(std::string_view text, size_t offset) {
    offset = std::min(offset, text.size());
    return 1 + size_t(std::count(text.begin(), text.begin() + long(offset), '\n'));
}

namespace {

// The offset just past the string starting at `at` (a '"'), or npos when it does not end.
size_t skipString(std::string_view text, size_t at) {
    for (size_t i = at + 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
            ++i;
        } else if (text[i] == '"') {
            return i + 1;
        }
    }
    return std::string_view::npos;
}

}  // namespace

size_t lineOfArrayElement(std::string_view text, std::string_view key, size_t index) {
    const std::string quoted = "\"" + std::string(key) + "\"";
    const size_t found = text.find(quoted);
    if (found == std::string_view::npos) return 1;
    size_t at = text.find('[', found + quoted.size());
    if (at == std::string_view::npos) return lineOfOffset(text, found);
    size_t depth = 0;
    size_t element = 0;
    bool startOfElement = true;
    for (++at; at < text.size(); ++at) {
        const char c = text[at];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
        if (depth == 0 && c == ']') break;
        if (depth == 0 && c == ',') {
            ++element;
            startOfElement = true;
            continue;
        }
        if (startOfElement && element == index) return lineOfOffset(text, at);
        startOfElement = false;
        if (c == '"') {
            at = skipString(text, at);
            if (at == std::string_view::npos) break;
            --at;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return lineOfOffset(text, found);
}

namespace {

// Only where the text stops being JSON: the parser reports every such stop here with its byte
// position, numbers past a double's range included (which a DOM parse throws without one).
class ErrorPosition : public nlohmann::json_sax<nlohmann::json> {
public:
    size_t byte = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception&) override {
        byte = position;
        return false;
    }
};

}  // namespace

morph::Result<nlohmann::json> parseTakeJson(std::string_view text, const std::string& path) {
    ErrorPosition sax;
    if (!nlohmann::json::sax_parse(text.begin(), text.end(), &sax))
        return takeError(path, lineOfOffset(text, sax.byte > 0 ? sax.byte - 1 : 0), "not JSON");
    return nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

morph::Error takeError(const std::string& path, size_t line, const std::string& what) {
    return morph::Error{morph::ErrorCode::Schema,
                        path + ": line " + std::to_string(line) + ": " + what};
}

}  // namespace app::take
