#include "app/regress/Report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

namespace app::regress {

namespace {

constexpr ShotStatus kStatuses[] = {ShotStatus::Pass, ShotStatus::Fail, ShotStatus::New,
                                    ShotStatus::Error};

std::string escapeXml(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                // XML 1.0 has no control characters but tab, newline and return.
                if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r')
                    out += c;
        }
    }
    return out;
}

nlohmann::json shotJson(const ShotResult& shot) {
    nlohmann::json json = {
        {"index", shot.index},
        {"name", shot.name},
        {"status", statusName(shot.status)},
        {"maxChannelDiff", shot.maxChannelDiff},
        {"differingFraction", shot.differingFraction},
        // JSON has no infinity: identical images have no finite PSNR.
        {"psnr", shot.psnr ? nlohmann::json(*shot.psnr) : nlohmann::json()},
        {"ms", shot.ms},
        {"message", shot.message},
        {"settings",
         {{"model", shot.settings.model},
          {"weights", shot.settings.weights},
          {"animation", shot.settings.animation},
          {"time", shot.settings.time},
          {"camera", shot.settings.camera},
          {"size", shot.settings.size}}},
        {"reference", shot.reference},
        {"diff", shot.hasDiff},
        {"updated", shot.updated},
        {"frames", shot.frames},
        {"image", shot.image},
    };
    if (shot.flipMean) json["flipMean"] = *shot.flipMean;
    return json;
}

morph::Result<ShotResult> readShot(const nlohmann::json& json, const std::string& where) {
    auto bad = [&](const char* field) {
        return morph::Error{morph::ErrorCode::Schema,
                            where + "." + field + ": missing or wrong type"};
    };
    if (!json.is_object()) return morph::Error{morph::ErrorCode::Schema, where + ": not an object"};
    ShotResult shot;
    try {
        shot.index = json.at("index").get<size_t>();
        shot.name = json.at("name").get<std::string>();
        const std::string status = json.at("status").get<std::string>();
        const auto* found = std::find_if(std::begin(kStatuses), std::end(kStatuses),
                                         [&](ShotStatus s) { return status == statusName(s); });
        if (found == std::end(kStatuses)) return bad("status");
        shot.status = *found;
        shot.maxChannelDiff = json.at("maxChannelDiff").get<int>();
        shot.differingFraction = json.at("differingFraction").get<double>();
        if (!json.at("psnr").is_null()) shot.psnr = json.at("psnr").get<double>();
        if (json.contains("flipMean")) shot.flipMean = json.at("flipMean").get<double>();
        shot.ms = json.at("ms").get<double>();
        shot.message = json.at("message").get<std::string>();
        const nlohmann::json& settings = json.at("settings");
        shot.settings.model = settings.at("model").get<std::string>();
        shot.settings.weights = settings.at("weights").get<std::string>();
        shot.settings.animation = settings.at("animation").get<std::string>();
        shot.settings.time = settings.at("time").get<float>();
        shot.settings.camera = settings.at("camera").get<std::string>();
        shot.settings.size = settings.at("size").get<std::string>();
        shot.reference = json.at("reference").get<std::string>();
        shot.hasDiff = json.at("diff").get<bool>();
        shot.updated = json.at("updated").get<bool>();
        shot.frames = json.at("frames").get<size_t>();
        shot.image = json.at("image").get<std::string>();
        if (shot.frames < 1 || shot.frames > 1000) return bad("frames");
    } catch (const nlohmann::json::exception& e) {
        return morph::Error{
            morph::ErrorCode::Schema,
            where + ": a field is missing or of the wrong type (" + std::string(e.what()) + ")"};
    }
    return shot;
}

nlohmann::json shardJson(const ShardRecord& shard) {
    return {{"index", shard.index},
            {"count", shard.count},
            {"source", shard.source},
            {"shotsHash", shard.shotsHash},
            {"shots", shard.shots}};
}

morph::Result<ShardRecord> readShard(const nlohmann::json& json, const std::string& where) {
    ShardRecord shard;
    try {
        shard.index = json.at("index").get<size_t>();
        shard.count = json.at("count").get<size_t>();
        shard.source = json.at("source").get<std::string>();
        shard.shotsHash = json.at("shotsHash").get<std::string>();
        shard.shots = json.at("shots").get<std::vector<std::string>>();
    } catch (const nlohmann::json::exception& e) {
        return morph::Error{
            morph::ErrorCode::Schema,
            where + ": a field is missing or of the wrong type (" + std::string(e.what()) + ")"};
    }
    if (shard.count == 0 || shard.index >= shard.count)
        return morph::Error{morph::ErrorCode::Schema, where + ": index is not below count"};
    return shard;
}

}  // namespace

const char* statusName(ShotStatus status) {
    switch (status) {
        case ShotStatus::Pass: return "pass";
        case ShotStatus::Fail: return "fail";
        case ShotStatus::New: return "new";
        case ShotStatus::Error: return "error";
    }
    return "error";
}

size_t Report::count(ShotStatus status) const {
    return size_t(std::count_if(shots.begin(), shots.end(),
                                [&](const ShotResult& shot) { return shot.status == status; }));
}

Verdict Report::verdict() const {
    if (count(ShotStatus::Error) > 0) return Verdict::Unreadable;
    const bool unaccepted = std::any_of(shots.begin(), shots.end(), [](const ShotResult& shot) {
        return (shot.status == ShotStatus::Fail || shot.status == ShotStatus::New) && !shot.updated;
    });
    return unaccepted ? Verdict::Differs : Verdict::Passed;
}

std::string reportJson(const Report& report) {
    nlohmann::json shots = nlohmann::json::array();
    for (const ShotResult& shot : report.shots) shots.push_back(shotJson(shot));
    nlohmann::json json = {
        {"renderer", report.renderer},
        {"shots", std::move(shots)},
        {"passed", report.count(ShotStatus::Pass)},
        {"failed", report.count(ShotStatus::Fail)},
        {"new", report.count(ShotStatus::New)},
        {"errors", report.count(ShotStatus::Error)},
    };
    if (report.shard) json["shard"] = shardJson(*report.shard);
    json["references"] = report.references;
    return json.dump(2) + "\n";
}

morph::Result<Report> readReportJson(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return morph::Error{morph::ErrorCode::Io,
                            path + ": cannot read (no such file or no permission)"};
    const nlohmann::json json = nlohmann::json::parse(file, nullptr, false);
    if (json.is_discarded()) return morph::Error{morph::ErrorCode::Json, path + ": not valid JSON"};
    if (!json.is_object() || !json.contains("renderer") || !json["renderer"].is_string() ||
        !json.contains("shots") || !json["shots"].is_array()) {
        return morph::Error{morph::ErrorCode::Schema,
                            path + ": not a regress report (renderer, shots)"};
    }
    Report report;
    report.renderer = json["renderer"].get<std::string>();
    for (size_t i = 0; i < json["shots"].size(); ++i) {
        auto shot = readShot(json["shots"][i], path + ": shots[" + std::to_string(i) + "]");
        if (!shot) return shot.error();
        report.shots.push_back(std::move(shot).value());
    }
    if (json.contains("shard")) {
        auto shard = readShard(json["shard"], path + ": shard");
        if (!shard) return shard.error();
        report.shard = std::move(shard).value();
    }
    if (json.contains("references") && json["references"].is_string())
        report.references = json["references"].get<std::string>();
    return report;
}

std::string reportJunit(const Report& report) {
    double seconds = 0;
    size_t failures = 0;  // fail and new, less what --update accepted
    for (const ShotResult& shot : report.shots) {
        seconds += shot.ms / 1000.0;
        failures +=
            (shot.status == ShotStatus::Fail || shot.status == ShotStatus::New) && !shot.updated;
    }
    std::ostringstream xml;
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    xml << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites>\n"
        << "  <testsuite name=\"morphview regress\" tests=\"" << report.shots.size()
        << "\" failures=\"" << failures << "\" errors=\"" << report.count(ShotStatus::Error)
        << "\" skipped=\"0\" time=\"" << time << "\">\n";
    for (const ShotResult& shot : report.shots) {
        std::snprintf(time, sizeof time, "%.3f", shot.ms / 1000.0);
        xml << "    <testcase classname=\"" << escapeXml(report.renderer) << "\" name=\""
            << escapeXml(shot.name) << "\" time=\"" << time << "\"";
        const bool counted = !shot.updated;
        if (shot.status == ShotStatus::Error) {
            xml << ">\n      <error message=\"" << escapeXml(shot.message) << "\"/>\n"
                << "    </testcase>\n";
        } else if ((shot.status == ShotStatus::Fail || shot.status == ShotStatus::New) && counted) {
            xml << ">\n      <failure message=\"" << escapeXml(shot.message) << "\" type=\""
                << statusName(shot.status) << "\"/>\n"
                << "    </testcase>\n";
        } else {
            xml << "/>\n";
        }
    }
    xml << "  </testsuite>\n</testsuites>\n";
    return xml.str();
}

morph::Result<Report> mergeReports(const std::vector<Report>& parts) {
    Report merged;
    std::map<std::string, size_t> names;
    for (size_t p = 0; p < parts.size(); ++p) {
        const Report& part = parts[p];
        if (p == 0) {
            merged.renderer = part.renderer;
        } else if (part.renderer != merged.renderer) {
            return morph::Error{morph::ErrorCode::Inconsistent,
                                "--merge: part " + std::to_string(p + 1) + " was drawn by '" +
                                    part.renderer + "', part 1 by '" + merged.renderer + "'"};
        }
        for (const ShotResult& shot : part.shots) {
            if (!names.emplace(shot.name, p).second) {
                return morph::Error{morph::ErrorCode::Inconsistent,
                                    "--merge: shot '" + shot.name + "' is in parts " +
                                        std::to_string(names[shot.name] + 1) + " and " +
                                        std::to_string(p + 1)};
            }
            merged.shots.push_back(shot);
        }
    }
    std::stable_sort(merged.shots.begin(), merged.shots.end(),
                     [](const ShotResult& a, const ShotResult& b) { return a.index < b.index; });
    return merged;
}

std::string summaryLine(const Report& report) {
    return std::to_string(report.shots.size()) +
           " shots: " + std::to_string(report.count(ShotStatus::Pass)) + " passed, " +
           std::to_string(report.count(ShotStatus::Fail)) + " failed, " +
           std::to_string(report.count(ShotStatus::New)) + " new, " +
           std::to_string(report.count(ShotStatus::Error)) + " errors";
}

}  // namespace app::regress
