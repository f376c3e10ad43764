import Foundation
import GeofenceEngine
import TestSupport
import Testing

@testable import TraceFormats

@Suite struct GaussianNoiseTests {
    @Test func splitMix64MatchesTheReferenceOutput() {
        // Values of the reference C implementation (prng.di.unimi.it/splitmix64.c) for seed 0.
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func unitValuesUseTheTop53Bits() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.nextUnit() == Double(0xE220_A839_7B1D_CDAF as UInt64 >> 11) / 9_007_199_254_740_992)
    }

    @Test func eastAndNorthAreIndependentStandardGaussians() {
        var noise = GaussianNoise(sigma: 3, seed: 2026)
        let n = 200_000
        var sumE = 0.0, sumN = 0.0, sumEE = 0.0, sumNN = 0.0, sumEN = 0.0
        var beyondTwoSigma = 0
        for _ in 0..<n {
            let offset = noise.next()
            let east = offset.east / 3, north = offset.north / 3
            sumE += east; sumN += north
            sumEE += east * east; sumNN += north * north; sumEN += east * north
            if abs(east) > 2 { beyondTwoSigma += 1 }
        }
        let count = Double(n)
        // Bounds are 4 standard errors: 4/√n for means, 4/√(2n) for standard deviations.
        #expect(abs(sumE / count) < 0.009)
        #expect(abs(sumN / count) < 0.009)
        #expect(abs((sumEE / count).squareRoot() - 1) < 0.0064)
        #expect(abs((sumNN / count).squareRoot() - 1) < 0.0064)
        #expect(abs(sumEN / count) < 0.009)
        // P(|Z| > 2) = 4.55 %; 4 standard errors of a proportion are 0.19 %.
        #expect(abs(Double(beyondTwoSigma) / count - 0.0455) < 0.0019)
    }

    @Test func errorsArePinnedBySeed() {
        // Computed independently with a Python SplitMix64 and math.log.
        // Azimuths are exact IEEE arithmetic; distances go through libm's log, hence 1e-12.
        var noise = GaussianNoise(sigma: 5, seed: 2026)
        let expected = [
            (9.876492670630128, 169.78585821892455), (7.418386709617986, 138.51879091477386),
            (8.85527760912218, 261.50551793316583),
        ]
        for (distance, azimuth) in expected {
            let offset = noise.next()
            #expect(abs(offset.distance - distance) < 1e-12)
            #expect(offset.azimuth == azimuth)
        }
    }

    @Test func sameSeedSameErrors() {
        var a = GaussianNoise(sigma: 5, seed: 42), b = GaussianNoise(sigma: 5, seed: 42)
        var c = GaussianNoise(sigma: 5, seed: 43)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
    }

    @Test func perturbMovesByTheOffsetAlongTheGeodesic() {
        var noise = GaussianNoise(sigma: 10, seed: 9)
        var twin = noise
        let offset = twin.next()
        let moved = noise.perturb(paris)
        let line = Geodesic.wgs84.inverse(from: paris, to: moved)
        #expect(abs(line.distance - offset.distance) < 1e-9)
        #expect(abs(line.initialAzimuth - (offset.azimuth > 180 ? offset.azimuth - 360 : offset.azimuth)) < 1e-7)
    }

    @Test func zeroSigmaLeavesThePointUntouched() {
        var noise = GaussianNoise(sigma: 0, seed: 1)
        #expect(noise.perturb(paris) == paris)
    }
}
