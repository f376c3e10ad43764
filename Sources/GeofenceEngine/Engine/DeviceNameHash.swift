/// The hash the engine interns device names by (``DeviceNameIndex/hash(bytes:)``), for a reader
/// that interns the names of its rows before it makes strings of them.
public enum DeviceNameHash {
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        DeviceNameIndex.hash(bytes: bytes)
    }
}
