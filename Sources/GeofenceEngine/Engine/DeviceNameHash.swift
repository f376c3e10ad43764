/// The hash the engine finds a device's name by, and its shard: the same in every run and process.
public enum DeviceNameHash {
    /// A hash of the name's UTF-8 bytes read eight at a time and folded by 128-bit multiplies (the
    /// scheme of wyhash): a device name of up to 16 bytes costs two loads and two multiplies, where
    /// FNV-1a's multiply per byte cost 10 ns a fix twice over on two threads (routing, then
    /// interning). Stable across runs and processes, so it also picks a device's shard
    /// (``EngineShards/shard(of:count:)``) and numbers the names a stream's parsing jobs meet
    /// (FixStreams' `InternedDevices`): inlinable, as both run per fix.
    @inlinable @inline(__always)
    public static func hash(_ name: String) -> UInt64 {
        // Native strings (small ones included) lend their bytes; any other is copied first.
        name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? hashCopying(name)
    }

    @usableFromInline @inline(never)
    static func hashCopying(_ name: String) -> UInt64 {
        Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    /// ``hash(_:)`` of some bytes: a name of up to 16 bytes as two words, a longer one 16 bytes
    /// at a time before its last 16; the length is mixed in.
    @inlinable @inline(__always)
    public static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return mix(secret.0, secret.1) }
        var seed = secret.0 ^ UInt64(count)
        let first: UInt64
        let second: UInt64
        if count > 16 {
            var offset = 0
            while count - offset > 16 {
                seed = mix(
                    base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ secret.1,
                    base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ seed)
                offset += 16
            }
            first = base.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            second = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 8 {
            first = base.loadUnaligned(as: UInt64.self)
            second = count == 16 ? base.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : word(base + 8, count - 8)
        } else {
            first = word(base, count)
            second = 0
        }
        return mix(secret.1 ^ UInt64(count), mix(first ^ secret.1, second ^ seed))
    }

    /// Fewer than 8 bytes as one word, read without crossing the 8-byte boundary after `start`: a
    /// small String lends its bytes from two 8-byte words stored to the stack just before, and a
    /// load straddling both would wait for the stores to land (some 15 cycles) instead of taking
    /// their bytes on the way.
    @inlinable @inline(__always)
    static func word(_ start: UnsafeRawPointer, _ count: Int) -> UInt64 {
        if count >= 4 {
            return UInt64(start.loadUnaligned(as: UInt32.self)) << 32
                | UInt64(start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        }
        guard count > 0 else { return 0 }
        return UInt64(start.load(as: UInt8.self)) << 16 | UInt64(start.load(fromByteOffset: count >> 1, as: UInt8.self)) << 8
            | UInt64(start.load(fromByteOffset: count - 1, as: UInt8.self))
    }

    /// wyhash's default secret: odd 64-bit constants with balanced bits.
    @inlinable static var secret: (UInt64, UInt64) { (0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db) }

    /// The 128-bit product of two words folded to 64 bits.
    @inlinable @inline(__always)
    static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }
}
