/// The INTEGER and FLOAT value types.
///
/// Related RFC 5545 sections: 3.3.7 (FLOAT) and 3.3.8 (INTEGER).
public enum ICalNumber {
    /// Reads an INTEGER: optional sign, digits, within the signed 32-bit range RFC 5545 allows.
    public static func integer(_ text: String) throws(ICalValueError) -> Int {
        let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(text.first == "+" ? String(digits) : text),
            value >= Int(Int32.min), value <= Int(Int32.max)
        else { throw .badInteger(value: text) }
        return value
    }

    /// Reads a FLOAT: optional sign, digits, optional fraction; no exponent.
    public static func float(_ text: String) throws(ICalValueError) -> Double {
        let body = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigit)),
            let value = Double(text.first == "+" ? String(body) : text), value.isFinite
        else { throw .badFloat(value: text) }
        return value
    }

    /// Writes a FLOAT in its shortest form that reads back to the same Double, never with an exponent.
    public static func string(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let shortest = "\(value)"
        guard shortest.utf8.contains(UInt8(ascii: "e")) else { return shortest }
        // Swift prints 1e-05 for tiny values; FLOAT has no exponent, so spell the digits out.
        var fixed = String(format: "%.17f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
