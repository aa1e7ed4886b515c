#include "app/cli/SharedOptions.h"

#include <CLI/CLI.hpp>

#include "morph/io/Files.h"
#include "morph/names/RenameMap.h"
#include "renderer/morph/MorphPath.h"

namespace app {

namespace {

CLI::Option* checked(CLI::Option* option, const OptionCheck& check) {
    if (check) option->check(*check);
    return option;
}

}  // namespace

OptionCheck checkedBy(std::function<std::string(const std::string&)> check) {
    return CLI::Validator(std::move(check), "");
}

OptionMessage wholeMessage() {
    return [](const std::string&, const morph::Error& error) { return error.message; };
}

CLI::Option* addMorphPathOption(CLI::App& command, std::string& path, const std::string& help,
                                OptionCheck check) {
    return addOption(command, kMorphPathOption, path, help, std::move(check));
}

OptionCheck morphPathMember() {
    return CLI::Validator(CLI::IsMember({"vs-dense", "vs-active", "cs-sparse", "cpu", "auto"}));
}

OptionCheck shadingMember() {
    return CLI::Validator(CLI::IsMember({"auto", "forward", "deferred"}));
}

CLI::Option* addVariantOption(CLI::App& command, std::string& variant, const std::string& help) {
    return command.add_option("--variant", variant, help)->type_name("NAME|INDEX");
}

CLI::Option* addSceneOption(CLI::App& command, int& scene, const std::string& help) {
    return command.add_option("--scene", scene, help)
        ->type_name("N")
        ->check(CLI::NonNegativeNumber);
}

CLI::Option* addMsaaOption(CLI::App& command, int& samples, const std::string& help) {
    return command.add_option("--msaa", samples, help)
        ->type_name("N")
        ->check(CLI::IsMember({0, 2, 4, 8}));
}

CLI::Option* addShadingOption(CLI::App& command, std::string& shading, const std::string& help,
                              OptionCheck check) {
    return addOption(command, kShadingOption, shading, help, std::move(check));
}

CLI::Option* addWeightsOption(CLI::App& command, std::string& weights, const std::string& help,
                              OptionCheck check) {
    return addOption(command, kWeightsOption, weights, help, std::move(check));
}

CLI::Option* addAnimationOption(CLI::App& command, std::string& animation,
                                const std::string& help) {
    return command.add_option("--animation", animation, help)->type_name("NAME|INDEX|all|LIST");
}

CLI::Option* addTimeOption(CLI::App& command, float& time, const std::string& help,
                           CLI::Option* animation, OptionCheck check) {
    return checked(command.add_option("--time", time, help)->type_name("T"), check)
        ->needs(animation);
}

CLI::Option* addRenameOption(CLI::App& command, std::string& path,
                             std::vector<morph::NameMapping>& map, const std::string& help) {
    CLI::Option* option = command.add_option("--rename", path, help)->type_name("MAP.json");
    // Read once, as the value's check: the map is ready when parsing ends.
    return checked(option, checkedBy([&map](const std::string& text) -> std::string {
                       auto read = readRenameMap(text);
                       if (!read) return read.error().message;
                       map = std::move(read).value();
                       return {};
                   }));
}

morph::Result<std::vector<morph::NameMapping>> readRenameMap(const std::string& path) {
    auto bytes = morph::readFileBytes(path);
    if (!bytes) return bytes.error();  // "PATH: cannot read (...)"
    auto map = morph::parseRenameMapJson(std::string(bytes->begin(), bytes->end()));
    if (!map) return morph::Error{map.error().code, path + ": " + map.error().message};
    return map;
}

}  // namespace app
