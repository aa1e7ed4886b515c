#pragma once
// The viewer's live input for one model: a receiver per --listen source, the live layer that
// maps their samples to the model's targets, and the --record-stream file. The window polls it
// once a frame; it is GL-free, so the viewer only holds one and copies its weights.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/live/LiveNames.h"
#include "app/live/LiveReceiver.h"
#include "app/live/LiveRecording.h"
#include "morph/Result.h"
#include "morph/Scene.h"

namespace app::live {

constexpr uint16_t kDefaultVmcPort = 39539;       // the VMC protocol's performer port
constexpr uint16_t kDefaultLiveLinkPort = 11111;  // Live Link Face's default target port

struct ListenSpec {
    SourceKind kind = SourceKind::Vmc;
    uint16_t port = 0;
};

// "vmc", "vmc:PORT", "livelink", "livelink:PORT" (PORT 0: any free port). Errors are one line
// for --listen's usage message.
morph::Result<ListenSpec> parseListenSpec(const std::string& text);

struct LiveSessionOptions {
    std::vector<ListenSpec> sources;
    std::string address = "127.0.0.1";
    std::string recordPath;  // --record-stream; empty: none
};

class LiveSession {
public:
    // Opens every source's port (each one named on stderr with the port bound) and the
    // recording. `wake` is called from the receiving threads when a sample changed.
    static morph::Result<std::unique_ptr<LiveSession>> start(const morph::Scene& scene,
                                                             const LiveSessionOptions& options,
                                                             std::function<void()> wake);

    // Opens one more source on the session's address (File > Live), named on stderr as start
    // names them; its receiver is the last of receivers(). An error names the address and port.
    morph::Status addSource(const ListenSpec& spec);
    // Stops source `index` of receivers() and closes its port; what it sent stays applied.
    void closeSource(size_t index);
    const std::string& address() const { return mAddress; }

    // Another model (or the same one reloaded): the names map anew to its targets, each source's
    // newest sample is applied again at the next poll, and the ports and the recording carry on.
    void useScene(const morph::Scene& scene);

    // Takes each source's newest sample not taken yet, applies it and records the layer's state.
    // True when a weight changed.
    bool poll();
    const LiveLayer& layer() const { return mLayer; }
    const std::vector<std::unique_ptr<LiveReceiver>>& receivers() const { return mReceivers; }
    // The recording's first write error, if any (the recording stops there).
    const std::string& recordError() const { return mRecordError; }

private:
    explicit LiveSession(const morph::Scene& scene) : mLayer(scene) {}

    LiveLayer mLayer;
    std::string mAddress;
    std::function<void()> mWake;
    std::vector<std::unique_ptr<LiveReceiver>> mReceivers;
    std::vector<uint64_t> mSeen;  // per receiver
    std::optional<StreamRecorder> mRecorder;
    std::string mRecordError;
};

}  // namespace app::live
