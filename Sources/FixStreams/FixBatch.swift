import Foundation
import GeofenceEngine

extension FixPipeline {
    /// Some of a stream's fixes, in stream order, and their positions in it (0 for the first fix
    /// read).
    ///
    /// Kept as plain numbers, each device as its number within the part of the stream: a walker's
    /// fix takes 24 bytes rather than a `Fix`'s 64, and nothing needs a release when the batch goes.
    /// Batches wait in queues by the hundred thousand fixes while the reminders load, so their
    /// size is memory the kernel must fault in.
    public struct Batch: Sendable {
        /// A fix's time (seconds since 2001, 0 for none) and place: 24 bytes, no reference.
        private struct Record {
            var time: Double
            var coordinate: Coordinate
        }

        private var records: [Record] = []
        /// Which fixes have no time; nil while all have one.
        private var untimed: [Bool]?
        /// Each fix's accuracy; nil while none has one.
        private var accuracies: [Double?]?
        /// Each fix's device, a number in `devices`; empty while all are `soleDevice`.
        private var deviceNumbers: [Int32] = []
        private var soleDevice: Int32 = -1
        /// The devices of the part of the stream the batch came from (set once it is routed).
        var devices: [String?] = []
        /// Each fix's position less `base` (positions within the part of the stream it came
        /// from); empty when the batch is that whole part, and a fix's offset is its index.
        var offsets: [Int32] = []
        var base = 0
        private let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            records.reserveCapacity(capacity)
        }

        /// How many fixes the batch holds.
        public var count: Int { records.count }

        /// How many devices the batch's fixes are numbered among (``forEach(_:)``).
        public var deviceCount: Int { devices.count }

        /// Appends `fix`, whose device is `device` in `devices`.
        mutating func append(_ fix: Fix, device: Int32) {
            let index = records.count
            records.append(Record(time: fix.time?.timeIntervalSinceReferenceDate ?? 0, coordinate: fix.coordinate))
            if fix.time == nil && untimed == nil { untimed = Array(repeating: false, count: index) }
            untimed?.append(fix.time == nil)
            if fix.accuracy != nil && accuracies == nil { accuracies = Array(repeating: nil, count: index) }
            accuracies?.append(fix.accuracy)
            if device != soleDevice {
                if index == 0 {
                    soleDevice = device
                } else if deviceNumbers.isEmpty {
                    deviceNumbers.reserveCapacity(Swift.max(capacity, index + 1))
                    deviceNumbers.append(contentsOf: repeatElement(soleDevice, count: index))
                }
            }
            if !deviceNumbers.isEmpty { deviceNumbers.append(device) }
        }

        /// Records `offsets` for the fixes so far, and from now on each fix's own.
        mutating func recordOffsets(_ offsets: Range<Int>) {
            self.offsets.reserveCapacity(Swift.max(capacity, offsets.count))
            self.offsets.append(contentsOf: offsets.lazy.map { Int32(truncatingIfNeeded: $0) })
        }

        /// Calls `body` with each fix in order, its index in the batch, and its device's number
        /// among the batch's devices (0..<``deviceCount``: one number for each name).
        public func forEach(_ body: (_ index: Int, _ fix: Fix, _ device: Int) throws -> Void) rethrows {
            let sole = soleDevice >= 0 ? devices[Int(soleDevice)] : nil
            for index in records.indices {
                let record = records[index]
                let device = deviceNumbers.isEmpty ? Int(soleDevice) : Int(deviceNumbers[index])
                let time = untimed?[index] ?? false ? nil : Date(timeIntervalSinceReferenceDate: record.time)
                try body(
                    index,
                    Fix(
                        time: time, coordinate: record.coordinate, accuracy: accuracies?[index],
                        device: deviceNumbers.isEmpty ? sole : devices[device]),
                    device)
            }
        }

        /// The fixes, in order.
        public var fixes: [Fix] {
            var fixes: [Fix] = []
            fixes.reserveCapacity(count)
            forEach { _, fix, _ in fixes.append(fix) }
            return fixes
        }

        /// The position in the stream of the fix at `index`.
        @inline(__always)
        public func position(of index: Int) -> Int { offsets.isEmpty ? base + index : base + Int(offsets[index]) }

        /// Every fix's position in the stream.
        public var positions: [Int] { (0..<count).map(position(of:)) }
    }
}
