import Foundation

/// The scale bar: the longest round length (1, 2 or 5 × a power of ten, in metres or kilometres,
/// or feet or miles) that fits in `maximumPixels`.
package struct ScaleBar: Equatable, Sendable {
    package let pixels: Double
    package let label: String

    package init(metresPerPixel: Double, imperial: Bool, maximumPixels: Double = 150) {
        let maximum = metresPerPixel * maximumPixels
        func round(_ limit: Double) -> Double {
            let power = pow(10, floor(log10(limit)))
            for step in [5.0, 2, 1] where step * power <= limit { return step * power }
            return power
        }
        if imperial {
            let feet = maximum / 0.3048
            if feet >= 5280 {
                let miles = round(feet / 5280)
                pixels = miles * 1609.344 / metresPerPixel
                label = "\(Self.text(miles)) mi"
            } else {
                let length = round(feet)
                pixels = length * 0.3048 / metresPerPixel
                label = "\(Self.text(length)) ft"
            }
        } else if maximum >= 1000 {
            let kilometres = round(maximum / 1000)
            pixels = kilometres * 1000 / metresPerPixel
            label = "\(Self.text(kilometres)) km"
        } else {
            let metres = round(maximum)
            pixels = metres / metresPerPixel
            label = "\(Self.text(metres)) m"
        }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
