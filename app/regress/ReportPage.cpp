#include "app/regress/ReportPage.h"

#include <string>

#include <nlohmann/json.hpp>

#include "app/audit/HtmlPage.h"

namespace app::regress {

namespace {

std::string head() {
    audit::PageStyle style;
    style.summary = "#summary { font-size: 16px; margin: 8px 0 16px; }\n";
    style.card = "shot";
    style.statuses = R"CSS(.status.pass { background: #6c6; } .status.fail { background: #e55; }
.status.new { background: #ec5; } .status.error { background: #c6f; }
.shot[data-status="fail"] { border-color: #e55; } .shot[data-status="error"] { border-color: #c6f; }
.shot[data-status="new"] { border-color: #ec5; }
)CSS";
    style.text = "message";
    style.pictures =
        R"CSS(.images img { width: calc(256px * var(--zoom, 1)); image-rendering: pixelated;
  border: 1px solid #333; background: #000; }
label { margin-left: 12px; }
.approve { margin: 6px 0; font-family: monospace; }
.approve code { background: #222; padding: 2px 6px; user-select: all; }
.approve button { margin-left: 8px; }
)CSS";
    return audit::pageHead("morphview regress", style, true);
}

// The page's static part after the head; the report is the JSON in <script id="report">.
constexpr const char* kBody = R"HTML(<div id="renderer"></div>
<div id="summary"></div>
<div>
  <label>zoom <input id="zoom" type="range" min="0.5" max="4" step="0.25" value="1"></label>
  <label><input id="failuresOnly" type="checkbox"> only failures</label>
</div>
<div id="shots"></div>
<script type="application/json" id="report">
)HTML";

// Between the report and the approval's JSON (its own element, so report.json's text is
// embedded unchanged).
constexpr const char* kApproveHead = R"HTML(
</script>
<script type="application/json" id="approve">
)HTML";

constexpr const char* kTail = R"HTML(
</script>
<script>
"use strict";
const report = JSON.parse(document.getElementById("report").textContent);
const approveRun = JSON.parse(document.getElementById("approve").textContent);
// A word for a POSIX shell: as it is when safe, else in single quotes.
function shellWord(text) {
  return /^[A-Za-z0-9_.\/,:=@%+-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
}
// The command that copies this shot's result over its reference (regress --approve), and a
// button that puts it on the clipboard.
function approval(shot) {
  const line = document.createElement("div");
  line.className = "approve";
  const command = document.createElement("code");
  command.textContent = "morphview regress --approve " + shellWord(approveRun.out) + " --only " +
      shellWord(shot.name) + " --references " + shellWord(approveRun.references);
  const copy = document.createElement("button");
  copy.textContent = "copy";
  copy.addEventListener("click", () => {
    const done = () => { copy.textContent = "copied"; };
    if (navigator.clipboard) {
      navigator.clipboard.writeText(command.textContent).then(done, () => {});
    } else {
      getSelection().selectAllChildren(command);
      if (document.execCommand("copy")) done();
    }
  });
  line.append("approve: ", command, copy);
  return line;
}
const body = document.body;
let loaded = 0, failed = 0, total = 0;
function counted(ok) {
  if (ok) loaded++; else failed++;
  body.dataset.imagesLoaded = loaded;
  body.dataset.imagesFailed = failed;
}
function image(file, caption) {
  const figure = document.createElement("figure");
  const img = document.createElement("img");
  total++;
  img.addEventListener("load", () => counted(true));
  img.addEventListener("error", () => counted(false));
  img.src = encodeURIComponent(file);
  img.alt = caption;
  const text = document.createElement("figcaption");
  text.textContent = caption;
  figure.append(img, text);
  return figure;
}
const counts = {pass: 0, fail: 0, new: 0, error: 0};
for (const shot of report.shots) counts[shot.status]++;
const summary = document.getElementById("summary");
summary.textContent = report.shots.length + " shots: " + counts.pass + " passed, " +
    counts.fail + " failed, " + counts.new + " new, " + counts.error + " errors";
Object.assign(summary.dataset, {shots: report.shots.length, passed: counts.pass,
    failed: counts.fail, new: counts.new, errors: counts.error});
document.getElementById("renderer").textContent = "renderer: " + report.renderer;
const order = {error: 0, fail: 1, new: 2, pass: 3};
const shots = report.shots.slice().sort((a, b) => order[a.status] - order[b.status] ||
    a.index - b.index);
const list = document.getElementById("shots");
for (const shot of shots) {
  const section = document.createElement("section");
  section.className = "shot";
  section.dataset.status = shot.status;
  const title = document.createElement("h2");
  const badge = document.createElement("span");
  badge.className = "status " + shot.status;
  badge.textContent = shot.status;
  title.append(badge, document.createTextNode(shot.name));
  const s = shot.settings;
  const meta = document.createElement("div");
  meta.className = "meta";
  meta.textContent = "weights: " + (s.weights || "-") + "   animation: " +
      (s.animation || "-") + " at " + s.time + " s   camera: " + s.camera + "   size: " +
      s.size + "   model: " + s.model + (shot.frames > 1 ? "   images: " + shot.frames +
      " (shown: the worst, " + shot.image + ")" : "");
  if (shot.flipMean !== undefined) meta.textContent += "   FLIP mean: " + shot.flipMean.toFixed(4);
  const message = document.createElement("div");
  message.className = "message";
  message.textContent = shot.message;
  const images = document.createElement("div");
  images.className = "images";
  const hasReference = shot.status === "pass" || shot.status === "fail";
  if (shot.status !== "error") {
    if (hasReference) {
      // One picture that flips between reference and result: the eye finds what moved.
      const flip = image(shot.image + ".png", "result (click: reference)");
      const img = flip.querySelector("img");
      let showingResult = true;
      img.addEventListener("click", () => {
        showingResult = !showingResult;
        img.src = encodeURIComponent(shot.image + (showingResult ? ".png" : ".reference.png"));
        flip.querySelector("figcaption").textContent =
            showingResult ? "result (click: reference)" : "reference (click: result)";
      }, {once: false});
      images.append(image(shot.image + ".reference.png", "reference"));
      images.append(image(shot.image + ".png", "result"));
      if (shot.diff) images.append(image(shot.image + ".diff.png", "difference"));
      images.append(flip);
    } else {
      images.append(image(shot.image + ".png", "result (no reference)"));
    }
  }
  section.append(title, meta, message);
  if ((shot.status === "fail" || shot.status === "new") && !shot.updated && approveRun.out)
    section.append(approval(shot));
  section.append(images);
  list.append(section);
}
body.dataset.imagesTotal = total;
document.getElementById("zoom").addEventListener("input", (event) =>
    document.documentElement.style.setProperty("--zoom", event.target.value));
document.getElementById("failuresOnly").addEventListener("change", (event) => {
  for (const section of list.children)
    section.hidden = event.target.checked && section.dataset.status === "pass";
});
</script>
</body>
</html>
)HTML";

}  // namespace

namespace {

// JSON inside <script>: "</" or "<!--" would end or confuse the element, so every '<' (only ever
// inside a JSON string) is written as the escape \u003c, the same string to JSON.
std::string scriptSafe(const std::string& json) {
    std::string safe;
    for (char c : json) {
        if (c == '<') {
            safe += "\\u003c";
        } else {
            safe += c;
        }
    }
    return safe;
}

}  // namespace

std::string reportPage(const Report& report) {
    // Where the page's approve commands point: the run's --out and --references as given.
    const nlohmann::json approve = {{"out", report.out}, {"references", report.references}};
    return head() + kBody + scriptSafe(reportJson(report)) + kApproveHead +
           scriptSafe(approve.dump()) + "\n" + kTail;
}

}  // namespace app::regress
