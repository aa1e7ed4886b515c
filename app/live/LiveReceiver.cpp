#include "app/live/LiveReceiver.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "app/live/LiveLinkDecoder.h"

namespace app::live {

namespace {

// How often the thread looks at the stop flag while no datagram arrives.
constexpr int kPollMilliseconds = 20;

morph::Error socketError(const std::string& what, const std::string& address, uint16_t port) {
    return morph::Error{morph::ErrorCode::Io, "live input on " + address + ":" +
                                                  std::to_string(port) + ": " + what + ": " +
                                                  std::strerror(errno)};
}

}  // namespace

morph::Status LiveReceiver::start(SourceKind kind, const std::string& address, uint16_t port,
                                  std::function<void()> onChange) {
    stop();
    sockaddr_in where{};
    where.sin_family = AF_INET;
    where.sin_port = htons(port);
    if (inet_pton(AF_INET, address.c_str(), &where.sin_addr) != 1) {
        return morph::Error{morph::ErrorCode::Usage,
                            "live input: '" + address + "' is not an IPv4 address"};
    }
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return socketError("socket", address, port);
    }
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&where), sizeof(where)) != 0) {
        morph::Error e = socketError("bind", address, port);
        ::close(fd);
        return e;
    }
    socklen_t length = sizeof(where);
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&where), &length) != 0) {
        morph::Error e = socketError("getsockname", address, port);
        ::close(fd);
        return e;
    }
    mKind = kind;
    mVmc = VmcDecoder{};
    mOnChange = std::move(onChange);
    mPort = ntohs(where.sin_port);
    mSocket = fd;
    {
        std::lock_guard<std::mutex> lock(mMutex);
        mNewest = LiveSample{};
        mSequence = 0;
        mCounts = ReceiverCounts{};
    }
    mStopping = false;
    mThread = std::thread([this] { run(); });
    return {};
}

void LiveReceiver::stop() {
    if (mThread.joinable()) {
        mStopping = true;
        mThread.join();
    }
    if (mSocket >= 0) {
        ::close(mSocket);
        mSocket = -1;
    }
}

bool LiveReceiver::takeNewer(uint64_t& sequence, LiveSample& sample) const {
    std::lock_guard<std::mutex> lock(mMutex);
    if (mSequence == sequence) {
        return false;
    }
    sequence = mSequence;
    sample = mNewest;
    return true;
}

ReceiverCounts LiveReceiver::counts() const {
    std::lock_guard<std::mutex> lock(mMutex);
    return mCounts;
}

void LiveReceiver::run() {
    // One byte more than the largest datagram accepted, so a larger one shows as oversized.
    std::vector<uint8_t> buffer(kMaxDatagramBytes + 1);
    while (!mStopping) {
        pollfd p{mSocket, POLLIN, 0};
        const int ready = ::poll(&p, 1, kPollMilliseconds);
        if (ready <= 0 || (p.revents & POLLIN) == 0) {
            continue;
        }
        const ssize_t size =
            ::recv(mSocket, buffer.data(), buffer.size(), MSG_DONTWAIT | MSG_TRUNC);
        if (size < 0) {
            continue;  // EAGAIN or EINTR: poll again
        }
        // With MSG_TRUNC, size is the datagram's whole length even past the buffer; the
        // decoders reject anything over kMaxDatagramBytes, and see at most the buffer.
        receive(buffer.data(), std::min(size_t(size), buffer.size()));
    }
}

void LiveReceiver::receive(const uint8_t* data, size_t size) {
    // The decoders run outside the lock; the VMC decoder's state is this thread's alone.
    std::vector<LiveSample> samples;
    std::string error;
    if (mKind == SourceKind::Vmc) {
        morph::Result<std::vector<LiveSample>> r = mVmc.decode(data, size);
        r ? void(samples = std::move(*r)) : void(error = r.error().message);
    } else {
        morph::Result<LiveLinkFrame> r = decodeLiveLink(data, size);
        if (r) r->sample.rotations = r->rotations;
        r ? void(samples.push_back(std::move(r->sample))) : void(error = r.error().message);
    }
    bool changed = false;
    {
        std::lock_guard<std::mutex> lock(mMutex);
        ++mCounts.datagrams;
        if (!error.empty()) {
            ++mCounts.malformed;
            mCounts.lastError = std::move(error);
            return;
        }
        for (LiveSample& sample : samples) {
            ++mCounts.samples;
            mCounts.lastSample = LiveClock::now();
            sample.received = *mCounts.lastSample;
            // The same values again are no news: the slot keeps its sequence.
            if (mSequence > 0 && sample.sameAs(mNewest)) continue;
            mNewest = std::move(sample);
            ++mSequence;
            changed = true;
        }
    }
    if (changed && mOnChange) mOnChange();
}

}  // namespace app::live
