import Foundation
import GeofenceEngine
import Testing

@testable import TraceFormats

@Suite struct DecimalNumberTests {
    private func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer(DecimalNumber.parse)
    }

    /// The fast path and the `strtod` fallback both give the correctly rounded Double, the
    /// one Swift's own literal parser gives.
    @Test(arguments: [
        "0", "-0", "1", "+1", "48.8566140", "-74.0059728", "0.1", "0.000123", "123456789012345",
        "1.5e1", "-1.5E-3", "2.5e+2", "12345678901234567890", "0.30000000000000004",
        "179.99999999999999999", "1e-300", "4.9e-324", "1.7976931348623157e308", "00012.50",
        "3.141592653589793238462643383279", ".5", "5.",
    ])
    func matchesSwiftParsing(text: String) {
        #expect(parse(text) == Double(text))
    }

    @Test(arguments: ["", "-", "+", ".", "e5", "1e", "1e+", "1.2.3", "12a", " 1", "1 ", "0x1A", "nan", "inf", "1,5"])
    func rejectsNonNumbers(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func integersOnlyDigits() {
        #expect(Array("0123".utf8).withUnsafeBufferPointer(DecimalNumber.parseInteger) == 123)
        #expect(Array("-1".utf8).withUnsafeBufferPointer(DecimalNumber.parseInteger) == nil)
        #expect(Array("1234567890123456789".utf8).withUnsafeBufferPointer(DecimalNumber.parseInteger) == nil)
    }
}
