import Foundation
import GeofenceEngine
import TestSupport
import Testing

@testable import TraceFormats

/// 2026-11-23T17:00:00Z.
private let five = Date(timeIntervalSince1970: 1_795_453_200)
private let walking = 5 / 3.6
private let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

private func trip(
    _ route: [Coordinate], speed: Double = walking, interval: Double = 60, linger: Double = 0,
    noise: Double = 0, seed: UInt64 = 0
) throws -> TripPlan {
    try TripPlan(
        route: route, departure: five, speed: speed, interval: interval, linger: linger,
        device: "phone", noise: noise, seed: seed)
}

private func seconds(_ fix: Fix) -> Double {
    fix.time!.timeIntervalSince(five)
}

@Suite struct TripPlanTests {
    @Test func oneKilometreWalkWithFiveMinutesLinger() throws {
        let destination = offset(paris, 1000, azimuth: 90)
        let plan = try TripPlan(
            from: paris, to: destination, departure: five, speed: walking, interval: 60,
            linger: 300, device: "phone")
        let fixes = Array(plan.fixes)
        #expect(abs(plan.duration - 720) < 1e-9)
        #expect(plan.fixCount == 18)
        #expect(fixes.count == 18)
        // Grid from departure − linger, every 60 s; 720 s is within tolerance of arrival, so not doubled.
        #expect(fixes.dropLast().map(seconds) == stride(from: -300.0, through: 660, by: 60).map { $0 })
        #expect(fixes.last!.time == plan.arrival)
        #expect(plan.start == five.addingTimeInterval(-300))
        // Lingering and the departure instant: exactly at the origin.
        #expect(fixes[0...5].allSatisfy { $0.coordinate == paris })
        #expect(fixes.last!.coordinate == destination)
        #expect(fixes.allSatisfy { $0.device == "phone" && $0.accuracy == nil })
    }

    @Test func arrivalOffTheGridAddsAShortLastStep() throws {
        let destination = offset(paris, 1000, azimuth: 30)
        let fixes = Array(try trip([paris, destination], speed: 1.5).fixes)
        #expect(fixes.map(seconds).dropLast() == stride(from: 0.0, through: 660, by: 60).map { $0 })
        #expect(fixes.last!.time == five.addingTimeInterval(1000 / 1.5))
        #expect(fixes.count == 13)
        #expect(fixes.first!.coordinate == paris)
        #expect(fixes.last!.coordinate == destination)
    }

    @Test func movingFixesAreSpeedTimesIntervalApart() throws {
        let plan = try trip([paris, berlin], speed: 25, interval: 30, linger: 90)
        let fixes = Array(plan.fixes)
        #expect(fixes.count == plan.fixCount)
        #expect(abs(plan.distance - Geodesic.wgs84.distance(from: paris, to: berlin)) < 1e-9)
        let moving = fixes.dropFirst(3).dropLast()
        #expect(moving.count > 1000)
        for (a, b) in zip(moving, moving.dropFirst()) {
            #expect(abs(Geodesic.wgs84.distance(from: a.coordinate, to: b.coordinate) - 750) < 0.001)
        }
        for fix in moving {
            #expect(abs(Geodesic.wgs84.distance(from: paris, to: fix.coordinate) - 25 * seconds(fix)) < 0.001)
        }
        #expect(fixes.last!.coordinate == berlin)
    }

    @Test func threeWaypointRouteKeepsTheClockAcrossTheVertex() throws {
        let middle = offset(paris, 1000, azimuth: 0)
        let end = offset(middle, 500, azimuth: 90)
        let plan = try trip([paris, middle, end], speed: 1.5, interval: 60)
        let fixes = Array(plan.fixes)
        // 1500 m at 1.5 m/s: 1000 s; grid 0…960 s, then arrival. The vertex (666.7 s) is not a fix.
        #expect(abs(plan.distance - 1500) < 1e-9)
        #expect(plan.arrival == five.addingTimeInterval(plan.duration))
        #expect(abs(plan.duration - 1000) < 1e-9)
        #expect(fixes.count == 18)
        #expect(fixes.dropLast().map(seconds) == stride(from: 0.0, through: 960, by: 60).map { $0 })
        for fix in fixes.dropLast() {
            let travelled = 1.5 * seconds(fix)
            if travelled < 1000 {
                #expect(abs(Geodesic.wgs84.distance(from: paris, to: fix.coordinate) - travelled) < 0.001)
            } else {
                #expect(abs(Geodesic.wgs84.distance(from: middle, to: fix.coordinate) - (travelled - 1000)) < 0.001)
            }
        }
        // 600 s → 900 m on the first leg; 720 s → 80 m into the second.
        #expect(abs(Geodesic.wgs84.distance(from: fixes[10].coordinate, to: offset(paris, 900))) < 0.001)
        #expect(abs(Geodesic.wgs84.distance(from: fixes[12].coordinate, to: offset(middle, 80, azimuth: 90))) < 0.001)
        #expect(fixes.last!.coordinate == end)
    }

    @Test func repeatedWaypointsAddNothing() throws {
        let end = offset(paris, 700, azimuth: 200)
        let plain = Array(try trip([paris, end]).fixes)
        #expect(Array(try trip([paris, paris, end, end]).fixes) == plain)
    }

    @Test func antimeridianRouteTakesTheShortWay() throws {
        let route = [
            Coordinate(latitude: -17.0, longitude: 179.6), Coordinate(latitude: -17.1, longitude: -179.9),
            Coordinate(latitude: -16.8, longitude: -179.5),
        ]
        let plan = try trip(route, speed: 20, interval: 60)
        let expected =
            Geodesic.wgs84.distance(from: route[0], to: route[1])
            + Geodesic.wgs84.distance(from: route[1], to: route[2])
        #expect(abs(plan.distance - expected) < 1e-9)
        #expect(plan.distance > 100_000 && plan.distance < 130_000)
        let fixes = Array(plan.fixes)
        #expect(fixes.count == plan.fixCount)
        #expect(fixes.contains { $0.coordinate.longitude > 179.9 } && fixes.contains { $0.coordinate.longitude < -179.9 })
        #expect(fixes.allSatisfy { $0.coordinate.isValid })
        for (a, b) in zip(fixes, fixes.dropFirst()) {
            #expect(Geodesic.wgs84.distance(from: a.coordinate, to: b.coordinate) <= 1200.001)
        }
        #expect(fixes.last!.coordinate == route[2])
    }

    @Test(arguments: [300.0, 330])
    func sameOriginAndDestinationLingersThenArrives(linger: Double) throws {
        let fixes = Array(try trip([paris, paris], linger: linger).fixes)
        #expect(fixes.map(seconds) == stride(from: -linger, to: 0, by: 60).map { $0 } + [0])
        #expect(fixes.allSatisfy { $0.coordinate == paris })
    }

    @Test func noLingerNoDistanceIsOneFix() throws {
        let fixes = Array(try trip([paris, paris]).fixes)
        #expect(fixes == [Fix(time: five, coordinate: paris, device: "phone")])
    }

    @Test func noiseIsSeededAndAppliesToEveryFix() throws {
        let destination = offset(paris, 2000, azimuth: 45)
        let exact = Array(try trip([paris, destination], linger: 120).fixes)
        let noisy = Array(try trip([paris, destination], linger: 120, noise: 5, seed: 7).fixes)
        #expect(noisy == Array(try trip([paris, destination], linger: 120, noise: 5, seed: 7).fixes))
        let plan = try trip([paris, destination], linger: 120, noise: 5, seed: 7)
        #expect(Array(plan.fixes) == Array(plan.fixes))
        let other = Array(try trip([paris, destination], linger: 120, noise: 5, seed: 8).fixes)
        #expect(noisy.count == exact.count && other.count == exact.count)
        #expect(zip(noisy, other).allSatisfy { $0.coordinate != $1.coordinate })
        #expect(zip(noisy, exact).allSatisfy { $0.coordinate != $1.coordinate && $0.time == $1.time })
        #expect(noisy.allSatisfy { $0.accuracy == 5 })
        // Fix k is moved by the k-th error of the seed's noise, arrival included.
        var errors = GaussianNoise(sigma: 5, seed: 7)
        for (fix, truth) in zip(noisy, exact) {
            #expect(fix.coordinate == errors.perturb(truth.coordinate))
        }
    }

    @Test func noiseAroundALingerHasTheRequestedSpread() throws {
        let plan = try trip([paris, paris], interval: 1, linger: 100_000, noise: 4, seed: 11)
        var sumE = 0.0, sumN = 0.0, sumEE = 0.0, sumNN = 0.0
        for fix in plan.fixes {
            let line = Geodesic.wgs84.inverse(from: paris, to: fix.coordinate)
            let east = line.distance * sin(line.initialAzimuth * .pi / 180) / 4
            let north = line.distance * cos(line.initialAzimuth * .pi / 180) / 4
            sumE += east; sumN += north; sumEE += east * east; sumNN += north * north
        }
        let n = Double(plan.fixCount)
        #expect(plan.fixCount == 100_001)
        // 4 standard errors.
        #expect(abs(sumE / n) < 0.013)
        #expect(abs(sumN / n) < 0.013)
        #expect(abs((sumEE / n).squareRoot() - 1) < 0.009)
        #expect(abs((sumNN / n).squareRoot() - 1) < 0.009)
    }

    @Test func longTripsAreLazy() throws {
        // A year of one-second fixes: counted, and iterable from the start without building them all.
        let plan = try trip([paris, offset(paris, 100)], speed: 100.0 / (365 * 86400), interval: 1)
        #expect(plan.fixCount == 365 * 86400 + 1)
        var iterator = plan.fixes.makeIterator()
        #expect(iterator.next()?.coordinate == paris)
        #expect(iterator.next().map(seconds) == 1)
    }

    @Test(arguments: [
        (Result { try trip([paris]) }, "a route needs at least 2 waypoints (an origin and a destination), got 1"),
        (
            Result { try trip([paris, Coordinate(latitude: 91, longitude: 0)]) },
            "waypoint 2 (91.0, 0.0) is not a WGS84 coordinate (latitude -90...90, longitude -180...180)"
        ),
        (
            Result { try trip([paris, berlin], speed: 0) },
            "speed 0.0 m/s must be a finite number greater than 0 (walking is about 1.4 m/s, 5 km/h)"
        ),
        (
            Result { try trip([paris, berlin], speed: .nan) },
            "speed nan m/s must be a finite number greater than 0 (walking is about 1.4 m/s, 5 km/h)"
        ),
        (
            Result { try trip([paris, berlin], speed: .infinity) },
            "speed inf m/s must be a finite number greater than 0 (walking is about 1.4 m/s, 5 km/h)"
        ),
        (
            Result { try trip([paris, berlin], interval: 0) },
            "fix interval 0.0 s must be a finite number of seconds greater than 0"
        ),
        (Result { try trip([paris, berlin], linger: -1) }, "linger -1.0 s must be a finite number of seconds, 0 or more"),
        (Result { try trip([paris, berlin], noise: -2) }, "noise -2.0 m must be a finite number of metres, 0 or more"),
        (
            Result { try trip([paris, berlin], speed: 1, interval: 1e-7) },
            "the trip would make about 8796993161290 fixes (more than 1000000000000); raise the interval or shorten the trip"
        ),
    ])
    func invalidPlansSayWhatToFix(result: Result<TripPlan, any Error>, message: String) {
        #expect(throws: (any Error).self) { try result.get() }
        if case let .failure(error) = result {
            #expect(error is TripPlanError)
            #expect("\(error)" == message)
        }
    }

    @Test func nonFiniteDepartureIsRefused() {
        #expect(throws: TripPlanError.badDeparture(secondsSince1970: .infinity)) {
            try TripPlan(
                from: paris, to: berlin, departure: Date(timeIntervalSince1970: .infinity),
                speed: 1, interval: 1)
        }
    }
}
