import CivilTime
import Foundation

/// Typed readings of a property's value that report failures as `ICalParseError.invalidValue`
/// naming the property's line, and initializers that write each value type.
extension ICalProperty {
    /// DTSTART, DUE, RECURRENCE-ID...: a DATE (all-day), UTC, zoned (TZID) or floating DATE-TIME.
    public func civilDateTime(resolver: ICalTimeZoneResolver) throws(ICalParseError) -> CivilDateTime {
        let isDateType = parameter("VALUE")?.uppercased() == "DATE"
        if isDateType && value.count != 8 { throw invalid(.badDate(value: value)) }
        var zone: TimeZone?
        if let tzid = parameter("TZID"), !value.uppercased().hasSuffix("Z"), value.count != 8 {
            do { zone = try resolver.timeZone(for: tzid) } catch { throw invalid(error) }
        }
        do { return try ICalDateTime.civilDateTime(value, zone: zone) } catch { throw invalid(error) }
    }

    /// DTSTAMP, CREATED, LAST-MODIFIED, COMPLETED, absolute TRIGGER: a UTC DATE-TIME.
    public func utcInstant() throws(ICalParseError) -> Date {
        do { return try ICalDateTime.utcInstant(value) } catch { throw invalid(error) }
    }

    /// A DURATION (relative TRIGGER, DURATION) in seconds.
    public func durationSeconds() throws(ICalParseError) -> Int {
        do { return try ICalDuration.seconds(value) } catch { throw invalid(error) }
    }

    /// An INTEGER (PRIORITY, PERCENT-COMPLETE, SEQUENCE).
    public func integer() throws(ICalParseError) -> Int {
        do { return try ICalNumber.integer(value) } catch { throw invalid(error) }
    }

    /// The GEO property's `latitude;longitude`.
    public func geo() throws(ICalParseError) -> ICalGeo {
        do { return try ICalGeo(value) } catch { throw invalid(error) }
    }

    /// A `geo:` URI value (X-APPLE-STRUCTURED-LOCATION, a VLOCATION's URL, STRUCTURED-DATA).
    public func geoURI() throws(ICalParseError) -> GeoURI {
        do { return try GeoURI(value) } catch { throw invalid(error) }
    }

    /// A DATE or DATE-TIME property with the parameters its form needs (VALUE=DATE or TZID).
    /// `extraParameters` follow them.
    public init(name: String, date: CivilDateTime, extraParameters: [ICalParameter] = []) {
        self.init(name: name, parameters: ICalDateTime.parameters(date) + extraParameters, value: ICalDateTime.string(date))
    }

    /// A UTC DATE-TIME property; `valueType` adds `VALUE=DATE-TIME`, as an absolute TRIGGER needs.
    public init(name: String, utc instant: Date, valueType: Bool = false) {
        self.init(
            name: name, parameters: valueType ? [ICalParameter(name: "VALUE", value: "DATE-TIME")] : [],
            value: ICalDateTime.utcString(instant))
    }

    /// A DURATION property such as `TRIGGER;RELATED=END:-PT15M`.
    public init(name: String, durationSeconds: Int, parameters: [ICalParameter] = []) {
        self.init(name: name, parameters: parameters, value: ICalDuration.string(durationSeconds))
    }

    private func invalid(_ problem: ICalValueError) -> ICalParseError {
        .invalidValue(line: lineNumber, property: name, problem: problem)
    }
}
