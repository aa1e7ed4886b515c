// Accessor decoding without any glTF file: every component type, normalization (glTF 2.0 3.11),
// strides and offsets, matrix column padding, sparse substitution and every bounds error.
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

#include "fixtures/ErrorCodes.h"
#include "morph/gltf/Accessor.h"

namespace accessor_test {

namespace {

using morph::AccessorDesc;
using morph::ByteSpan;
using morph::decodeFloats;
using morph::decodeUints;
using morph::ErrorCode;

template <typename T>
std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
    std::vector<uint8_t> out(values.size() * sizeof(T));
    std::memcpy(out.data(), values.data(), out.size());
    return out;
}

AccessorDesc dense(const std::vector<uint8_t>& view, int componentType, uint32_t rows,
                   uint64_t count, bool normalized = false) {
    AccessorDesc d;
    d.label = "accessors[3]";
    d.componentType = componentType;
    d.rows = rows;
    d.count = count;
    d.normalized = normalized;
    d.hasView = true;
    d.view = ByteSpan{view.data(), view.size()};
    return d;
}

TEST(Accessor, FloatVec3) {
    const auto view = bytesOf<float>({1, 2, 3, 4, 5, 6});
    auto v = decodeFloats(dense(view, 5126, 3, 2));
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(Accessor, NormalizedSignedBytesClampAtMinusOne) {
    // 3.11: f = max(c / 127, -1), so -128 and -127 both map to -1.
    const auto view = bytesOf<int8_t>({-128, -127, 0, 127});
    auto v = decodeFloats(dense(view, 5120, 1, 4, true));
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, (std::vector<float>{-1, -1, 0, 1}));
}

TEST(Accessor, NormalizedUnsignedAndShorts) {
    const auto ub = bytesOf<uint8_t>({0, 51, 255});
    auto a = decodeFloats(dense(ub, 5121, 1, 3, true));
    ASSERT_TRUE(a.ok());
    EXPECT_FLOAT_EQ((*a)[1], 0.2f);
    EXPECT_FLOAT_EQ((*a)[2], 1.0f);
    const auto s = bytesOf<int16_t>({-32768, 16384, 32767});
    auto b = decodeFloats(dense(s, 5122, 1, 3, true));
    ASSERT_TRUE(b.ok());
    EXPECT_FLOAT_EQ((*b)[0], -1.0f);
    EXPECT_FLOAT_EQ((*b)[1], 16384.0f / 32767.0f);
    const auto us = bytesOf<uint16_t>({65535, 0});
    auto c = decodeFloats(dense(us, 5123, 1, 2, true));
    ASSERT_TRUE(c.ok());
    EXPECT_FLOAT_EQ((*c)[0], 1.0f);
}

TEST(Accessor, NonNormalizedIntegersKeepTheirValue) {
    // KHR_mesh_quantization: non-normalized ints are plain numbers (the node transform rescales).
    const auto view = bytesOf<int16_t>({-300, 7, 1200});
    auto v = decodeFloats(dense(view, 5122, 1, 3));
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, (std::vector<float>{-300, 7, 1200}));
    const auto u = bytesOf<uint32_t>({4000000000u});
    auto w = decodeUints(dense(u, 5125, 1, 1));
    ASSERT_TRUE(w.ok());
    EXPECT_EQ((*w)[0], 4000000000u);
}

TEST(Accessor, NormalizedFloatIsAnError) {
    const auto view = bytesOf<float>({1});
    auto v = decodeFloats(dense(view, 5126, 1, 1, true));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::Inconsistent);  // normalized contradicts FLOAT
    EXPECT_NE(v.error().message.find("accessors[3].normalized"), std::string::npos)
        << v.error().message;
}

TEST(Accessor, StrideAndOffset) {
    // Interleaved: [x y z pad] per vertex, reading the second float of each 16-byte element.
    const auto view = bytesOf<float>({0, 1, 2, 3, 10, 11, 12, 13});
    auto d = dense(view, 5126, 2, 2);
    d.byteOffset = 4;
    d.byteStride = 16;
    auto v = decodeFloats(d);
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, (std::vector<float>{1, 2, 11, 12}));
}

TEST(Accessor, ByteVec3StrideFour) {
    const std::vector<uint8_t> view = {1, 2, 3, 0, 4, 5, 6, 0};
    auto d = dense(view, 5121, 3, 2);
    d.byteStride = 4;
    auto v = decodeFloats(d);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(Accessor, Mat3OfBytesHasPaddedColumns) {
    // 3.6.2.4: each column of a byte MAT3 starts on a 4-byte boundary: 12 bytes per element.
    const std::vector<uint8_t> view = {1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0};
    auto d = dense(view, 5121, 3, 1);
    d.columns = 3;
    EXPECT_EQ(morph::elementBytes(d), 12u);
    auto v = decodeFloats(d);
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(Accessor, PastTheViewIsAnError) {
    const auto view = bytesOf<float>({1, 2, 3, 4, 5});
    auto v = decodeFloats(dense(view, 5126, 3, 2));  // needs 24 bytes, has 20
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::OutOfBounds);
    EXPECT_NE(v.error().message.find("accessors[3] needs 24 bytes"), std::string::npos)
        << v.error().message;
}

TEST(Accessor, StrideSmallerThanElementIsAnError) {
    const auto view = bytesOf<float>({1, 2, 3, 4, 5, 6});
    auto d = dense(view, 5126, 3, 2);
    d.byteStride = 8;
    auto v = decodeFloats(d);
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::Inconsistent) << v.error().message;
}

TEST(Accessor, NonFiniteFloatNamesTheElement) {
    const auto view = bytesOf<float>({0, 1, 2, 3, std::numeric_limits<float>::quiet_NaN(), 5});
    auto v = decodeFloats(dense(view, 5126, 3, 2));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::BadValue);
    EXPECT_NE(v.error().message.find("accessors[3][1] component 1 is not finite"),
              std::string::npos)
        << v.error().message;
}

TEST(Accessor, NoViewIsZeros) {
    AccessorDesc d;
    d.label = "accessors[0]";
    d.rows = 3;
    d.count = 4;
    auto v = decodeFloats(d);
    ASSERT_TRUE(v.ok());
    EXPECT_EQ(*v, std::vector<float>(12, 0.0f));
}

AccessorDesc sparseOverZeros(const std::vector<uint8_t>& indices, int indexType,
                             const std::vector<uint8_t>& values, uint64_t sparseCount) {
    AccessorDesc d;
    d.label = "accessors[12]";
    d.rows = 1;
    d.count = 1504;
    d.sparse.present = true;
    d.sparse.count = sparseCount;
    d.sparse.indexComponentType = indexType;
    d.sparse.indicesView = ByteSpan{indices.data(), indices.size()};
    d.sparse.valuesView = ByteSpan{values.data(), values.size()};
    return d;
}

TEST(Accessor, SparseWithoutViewSubstitutesIntoZeros) {
    const auto indices = bytesOf<uint16_t>({2, 700, 1503});
    const auto values = bytesOf<float>({1.5f, -2.0f, 3.0f});
    auto v = decodeFloats(sparseOverZeros(indices, 5123, values, 3));
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(v->size(), 1504u);
    EXPECT_EQ((*v)[2], 1.5f);
    EXPECT_EQ((*v)[700], -2.0f);
    EXPECT_EQ((*v)[1503], 3.0f);
    EXPECT_EQ((*v)[3], 0.0f);
}

TEST(Accessor, SparseOverAViewReplacesOnlyItsIndices) {
    const auto base = bytesOf<float>({1, 1, 1, 1});
    const auto indices = std::vector<uint8_t>{1, 3};
    const auto values = bytesOf<float>({5, 7});
    auto d = dense(base, 5126, 1, 4);
    d.sparse.present = true;
    d.sparse.count = 2;
    d.sparse.indexComponentType = 5121;
    d.sparse.indicesView = ByteSpan{indices.data(), indices.size()};
    d.sparse.valuesView = ByteSpan{values.data(), values.size()};
    auto v = decodeFloats(d);
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(*v, (std::vector<float>{1, 5, 1, 7}));
}

TEST(Accessor, SparseIndexOutOfRange) {
    const auto indices = bytesOf<uint32_t>({1, 2, 3, 4, 5, 6, 7, 4096});
    const auto values = bytesOf<float>(std::vector<float>(8, 1.0f));
    auto v = decodeFloats(sparseOverZeros(indices, 5125, values, 8));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::OutOfBounds);
    EXPECT_EQ(v.error().message,
              "accessors[12].sparse.indices[7] = 4096 out of range (count 1504)");
}

TEST(Accessor, SparseIndicesMustStrictlyIncrease) {
    const auto values = bytesOf<float>({1, 2, 3});
    auto expectRefused = [&](std::vector<uint16_t> indices, const std::string& message) {
        auto a = decodeFloats(sparseOverZeros(bytesOf<uint16_t>(indices), 5123, values, 3));
        ASSERT_FALSE(a.ok()) << message;
        EXPECT_EQ(a.error().code, ErrorCode::BadValue);
        EXPECT_NE(a.error().message.find(message), std::string::npos) << a.error().message;
    };
    expectRefused({5, 3, 9}, "sparse.indices[1] = 3 does not increase");  // unsorted
    expectRefused({5, 9, 9}, "sparse.indices[2] = 9");                    // repeated
}

TEST(Accessor, SparseViewsTooShort) {
    const auto indices = bytesOf<uint16_t>({1, 2});
    const auto values = bytesOf<float>({1});
    auto v = decodeFloats(sparseOverZeros(indices, 5123, values, 2));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::OutOfBounds);
    EXPECT_NE(v.error().message.find("accessors[12].sparse.values needs 8 bytes"),
              std::string::npos)
        << v.error().message;
    auto w = decodeFloats(sparseOverZeros(indices, 5123, bytesOf<float>({1, 2, 3}), 3));
    ASSERT_FALSE(w.ok());
    EXPECT_EQ(w.error().code, ErrorCode::OutOfBounds);
    EXPECT_NE(w.error().message.find("sparse.indices needs"), std::string::npos)
        << w.error().message;
}

TEST(Accessor, SparseIndexTypeMustBeUnsigned) {
    const auto indices = bytesOf<int16_t>({1});
    const auto values = bytesOf<float>({1});
    auto v = decodeFloats(sparseOverZeros(indices, 5122, values, 1));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::BadValue) << v.error().message;
}

TEST(Accessor, UintsRejectFloatAndSignedTypes) {
    const auto view = bytesOf<float>({1, 2});
    for (int componentType : {5126, 5122}) {
        auto v = decodeUints(dense(view, componentType, 1, 2));
        ASSERT_FALSE(v.ok()) << componentType;
        EXPECT_EQ(v.error().code, ErrorCode::BadValue) << v.error().message;
    }
    auto ok = decodeUints(dense(bytesOf<uint16_t>({9, 65535}), 5123, 1, 2));
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ(*ok, (std::vector<uint32_t>{9, 65535}));
}

TEST(Accessor, HugeCountIsRefusedBeforeAllocating) {
    AccessorDesc d;
    d.label = "accessors[1]";
    d.rows = 4;
    d.count = 1ull << 40;
    auto v = decodeFloats(d);
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::Limit);
    EXPECT_NE(v.error().message.find("count"), std::string::npos);
}

TEST(Accessor, UnknownComponentType) {
    const auto view = bytesOf<float>({1});
    auto v = decodeFloats(dense(view, 5124, 1, 1));
    ASSERT_FALSE(v.ok());
    EXPECT_EQ(v.error().code, ErrorCode::BadValue) << v.error().message;
}

}  // namespace

}  // namespace accessor_test
