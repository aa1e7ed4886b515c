#pragma once
// The start of morphview's self-contained HTML pages (audit --html, diff --html, regress's
// report): doctype, title and the dark style they share, a card per row with a status badge
// and a strip of captioned pictures, then each page's own rules. GL-free.
#include <string>

#include "morph/Result.h"

namespace app::audit {

// What a page adds to the shared style, each a run of whole CSS lines ("" for none).
struct PageStyle {
    std::string summary;   // the #summary rule
    std::string card;      // the class of a row's card: "target", "shot"
    std::string badge;     // declarations the badge adds after `font-weight: 600;`
    std::string statuses;  // the badge's and card's colours per status, and rules before .meta
    std::string text;      // the class written like .meta: "note", "message"
    std::string pictures;  // the rules for the images, and any after them
};

// Everything up to and including <h1>title</h1>. With `countsImages`, <body> starts the
// counters the page's script keeps for a headless browser (data-images-loaded, -failed, -total).
std::string pageHead(const std::string& title, const PageStyle& style, bool countsImages);

// The page's folder (--html DIR) made, with its parents; else one line naming it.
morph::Status makeFolder(const std::string& dir);

}  // namespace app::audit
