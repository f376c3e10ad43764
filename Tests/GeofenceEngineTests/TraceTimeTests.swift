import Foundation
import Testing
@testable import GeofenceEngine

@Suite struct TraceTimeTests {
    @Test func placeholderCompiles() {
        #expect(TraceTime.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
    }
}
