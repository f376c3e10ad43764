import CivilTime
import Foundation
import Testing

@testable import GeoReminders

/// Our expansion against python-dateutil's `rrule` on the cases scripts/gen-rrule-reference.py
/// wrote (curated RFC 5545 rules plus seeded random ones), exactly.
struct RecurrenceRuleReferenceTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let rule: String
        let start: String
        let take: Int
        let expected: [String]
        var testDescription: String { "\(rule) from \(start)" }
    }

    struct Reference: Decodable {
        let cases: [Case]
    }

    static let cases: [Case] = {
        let url = recurrenceFixtures.appendingPathComponent("dateutil-reference.json")
        // A missing or broken fixture shows up as the count test failing, not as a crash.
        guard let data = try? Data(contentsOf: url),
            let reference = try? JSONDecoder().decode(Reference.self, from: data)
        else { return [] }
        return reference.cases
    }()

    @Test func fixtureHasSeveralHundredCases() {
        #expect(Self.cases.count == 400)
        #expect(Self.cases.reduce(0) { $0 + $1.expected.count } > 5000)
    }

    @Test(arguments: cases)
    func expansionMatchesDateutil(_ reference: Case) throws {
        let rule = try RecurrenceRule(rrule: reference.rule)
        #expect(rule.rrule == reference.rule)
        let start = CivilDateTime(compact: reference.start)
        let occurrences = rule.preview(from: start, count: reference.take).map(\.compact)
        #expect(occurrences == reference.expected)
    }
}
