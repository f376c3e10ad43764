/// Device names made from bytes, reusing the last String while the bytes repeat.
///
/// A trace names the same few devices over and over; one String per record would cost
/// more than the rest of the record's parsing. The last name's own UTF-8 is what the next
/// bytes are compared with, so a change of device costs no copy besides the new String (none
/// at all for a name of up to 15 bytes, which a String keeps inline).
struct DeviceNames {
    private var lastName: String?

    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if var lastName, lastName.utf8.count == bytes.count {
            // A loop over a name's few bytes, not memcmp: the call cost more than the comparison.
            let same = lastName.withUTF8 { last in
                for index in 0..<bytes.count where last[index] != bytes[index] { return false }
                return true
            }
            if same { return lastName }
        }
        let name = String(decoding: bytes, as: UTF8.self)
        lastName = name
        return name
    }
}
