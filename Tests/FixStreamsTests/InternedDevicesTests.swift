import Foundation
import GeofenceEngine
import Testing

@testable import FixStreams

/// A parsing job's device names, interned by their bytes and numbered in order of first appearance.
@Suite struct InternedDevicesTests {
    private func name(_ text: [UInt8], in devices: inout InternedDevices) -> (name: String, number: Int) {
        text.withUnsafeBufferPointer { devices.name($0) }
    }

    @Test func numbersRunInOrderOfFirstAppearance() {
        var devices = InternedDevices()
        let spelled = ["b", "a", "b", "b", "c", "a", "Pixel 8", "c"].map { Array($0.utf8) }
        let seen = spelled.map { name($0, in: &devices) }
        #expect(seen.map(\.number) == [0, 1, 0, 0, 2, 1, 3, 2])
        #expect(seen.map(\.name) == ["b", "a", "b", "b", "c", "a", "Pixel 8", "c"])
        #expect(devices.names == ["b", "a", "c", "Pixel 8"])
        #expect(devices.number(of: nil) == 4 && devices.number(of: nil) == 4)
        #expect(devices.number(of: "a") == 1 && devices.number(of: "d") == 5)
        #expect(devices.names == ["b", "a", "c", "Pixel 8", nil, "d"])
    }

    /// Far more names than the first buckets hold, met twice: each keeps its number as the table grows.
    @Test func thousandsOfNamesKeepTheirNumbers() {
        var devices = InternedDevices()
        let spelled = (0..<5_000).map { Array("device-\($0)".utf8) }
        #expect(spelled.map { name($0, in: &devices).number } == Array(0..<5_000))
        #expect(spelled.reversed().map { name($0, in: &devices).number } == Array((0..<5_000).reversed()))
        #expect(devices.names.count == 5_000)
    }

    /// Bytes that are not UTF-8 are repaired: two spellings make one name under two numbers.
    @Test func twoBrokenSpellingsShareARepairedName() {
        var devices = InternedDevices()
        let first = name([0x61, 0xFF], in: &devices)
        let second = name([0x61, 0xFE], in: &devices)
        #expect(first.name == "a\u{FFFD}" && second.name == first.name)
        #expect(first.number == 0 && second.number == 1)
        #expect(name([0x61, 0xFF], in: &devices).number == 0)
    }
}
