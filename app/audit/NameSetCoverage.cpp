#include "app/audit/NameSetCoverage.h"

namespace app::audit {

nlohmann::ordered_json setsJson(const std::vector<NameSetCoverage>& sets) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const NameSetCoverage& s : sets) {
        nlohmann::ordered_json mapped = nlohmann::ordered_json::array();
        for (const NameMapping& m : s.mapped) mapped.push_back({{"from", m.from}, {"to", m.to}});
        out.push_back({{"name", nameSetKey(s.set)},
                       {"present", s.present},
                       {"mapped", std::move(mapped)},
                       {"missing", s.missing}});
    }
    return out;
}

}  // namespace app::audit
