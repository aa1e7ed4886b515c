#pragma once
// Errors as values at the boundaries (after fastgltf's Expected<T>): loading, parsing and
// writing return a Result; only main() turns an Error into an exit code. Nearly every file
// includes this header, so it holds the types alone: what is done with an error's text is in
// ErrorText.h, which a change can touch without rebuilding the tree.
#include <string>
#include <utility>
#include <variant>

namespace morph {

// The kind of fault, one per thing a caller could act on differently (fastgltf's named error
// codes): tests and scripts check it; the message says which field and why.
enum class ErrorCode {
    Io,            // a file cannot be opened, read, written or created
    Container,     // the framing around the data is broken (GLB or PNG header, chunk lengths)
    Json,          // text that is not parseable JSON
    Schema,        // a field that is missing or of the wrong JSON type
    OutOfBounds,   // an offset, index or range past the end of the data it addresses
    BadReference,  // an index or name that refers to something that does not exist
    Inconsistent,  // fields that contradict each other (counts that differ, stride too small)
    BadValue,      // a value of the right type that is not allowed (NaN, negative, unknown enum)
    Limit,         // past a memory, size or count limit we impose
    Decode,        // compressed data that does not decode (Draco, meshopt, images)
    Unsupported,   // a required extension or feature we do not implement
    UriDenied,     // a URI that leaves the model's folder
    Usage,         // bad arguments, specs or scripts from the user (--weights, shot lists)
    Gpu,           // the GL/EGL context cannot do it (no context, limits, shaders, GL errors)
};

// One line for the user: "<file>: <what is wrong>", e.g.
// "face.glb: accessors[12].sparse.indices[7] = 4096 out of range (count 1504)".
// The code comes first, so every construction names its kind.
struct Error {
    ErrorCode code;
    std::string message;
};

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : mState(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : mState(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return mState.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(mState); }
    const T& value() const& { return std::get<0>(mState); }
    T&& value() && { return std::get<0>(std::move(mState)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<1>(mState); }

private:
    std::variant<T, Error> mState;
};

// Result<void>: success or an Error.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : mError(std::move(error)), mFailed(true) {}
    bool ok() const { return !mFailed; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return mError; }

private:
    Error mError{};
    bool mFailed = false;
};

}  // namespace morph
