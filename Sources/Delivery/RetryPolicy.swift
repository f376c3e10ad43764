import Foundation

/// When a failed delivery is tried again: exponential backoff with jitter, at least what the
/// receiver's `Retry-After` asks, for up to `retryFor` after the first attempt.
package struct RetryPolicy: Hashable, Sendable {
    /// The delay after the first failure, doubled after each further one.
    package var base: TimeInterval = 5
    /// No delay grows past this.
    package var cap: TimeInterval = 3600
    /// After this long since the first attempt, the delivery is given up and the endpoint marked failing.
    package var retryFor: TimeInterval = 24 * 3600

    package init(base: TimeInterval = 5, cap: TimeInterval = 3600, retryFor: TimeInterval = 24 * 3600) {
        self.base = base
        self.cap = cap
        self.retryFor = retryFor
    }

    /// The delay before attempt `attempts + 1`, after `attempts` failures: "equal jitter", half the
    /// exponential delay fixed and half random, so a burst of failures spreads out without ever
    /// retrying sooner than half the schedule; never shorter than `retryAfter`.
    package func delay(
        afterFailures attempts: Int, retryAfter: TimeInterval?,
        random: (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) -> TimeInterval {
        let exponential = min(cap, base * pow(2, Double(max(0, attempts - 1))))
        let jittered = exponential / 2 + random(0...1) * exponential / 2
        return max(jittered, min(retryAfter ?? 0, retryFor))
    }

    /// Reads `Retry-After`: delay-seconds or an HTTP-date (RFC 9110 section 10.2.3); nil otherwise.
    package static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? TimeInterval(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
