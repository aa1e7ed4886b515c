#pragma once
// Errors as values at the boundaries (after fastgltf's Expected<T>): loading, parsing and
// writing return a Result; only main() turns an Error into an exit code.
#include <string>
#include <utility>
#include <variant>

namespace morph {

// One line for the user: "<file>: <what is wrong>", e.g.
// "face.glb: accessors[12].sparse.indices[7] = 4096 out of range (count 1504)".
struct Error {
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
    Error mError;
    bool mFailed = false;
};

}  // namespace morph
