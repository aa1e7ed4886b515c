#include "app/audit/HtmlPage.h"

#include <filesystem>

namespace app::audit {

std::string pageHead(const std::string& title, const PageStyle& style, bool countsImages) {
    const std::string& card = style.card;
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
           title +
           "</title>\n<style>\n"
           "body { font: 14px system-ui, sans-serif; margin: 16px; background: #1e1f22; color: "
           "#ddd; }\n"
           "h1 { font-size: 18px; margin: 0 0 4px; }\n" +
           style.summary + "." + card +
           " { border: 1px solid #444; border-radius: 6px; padding: 8px 12px; margin: 0 0 12px; "
           "}\n." +
           card +
           " h2 { font-size: 15px; margin: 0 0 4px; }\n"
           ".status { display: inline-block; padding: 1px 8px; border-radius: 8px; margin-right: "
           "8px;\n  color: #111; font-weight: 600;" +
           style.badge + " }\n" + style.statuses + ".meta, ." + style.text +
           " { color: #aaa; margin: 2px 0; font-family: monospace; white-space: pre-wrap; }\n"
           ".images { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 6px; }\n"
           "figure { margin: 0; } figcaption { color: #999; font-size: 12px; }\n" +
           style.pictures + "</style>\n</head>\n<body" +
           (countsImages ? " data-images-loaded=\"0\" data-images-failed=\"0\" "
                           "data-images-total=\"0\""
                         : "") +
           ">\n<h1>" + title + "</h1>\n";
}

morph::Status makeFolder(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return morph::Error{morph::ErrorCode::Io,
                            dir + ": cannot make the folder (" + ec.message() + ")"};
    if (!std::filesystem::is_directory(dir, ec))
        return morph::Error{morph::ErrorCode::Io, dir + ": not a folder"};
    return {};
}

}  // namespace app::audit
