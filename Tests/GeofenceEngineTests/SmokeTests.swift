import Testing
@testable import GeofenceEngine
@Test func smoke() throws { let e = try GeofenceEngine(fences: []); #expect(e.fences.isEmpty) }
