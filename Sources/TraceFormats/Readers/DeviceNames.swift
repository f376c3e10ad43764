#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Device names made from bytes, reusing the last String while the bytes repeat.
///
/// A trace names the same few devices over and over; one String per record would cost
/// more than the rest of the record's parsing.
struct DeviceNames {
    private var lastBytes: [UInt8] = []
    private var lastName: String?

    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let lastName, bytes.count == lastBytes.count,
            lastBytes.withUnsafeBufferPointer({ bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        {
            return lastName
        }
        let name = String(decoding: bytes, as: UTF8.self)
        lastBytes = Array(bytes)
        lastName = name
        return name
    }
}
