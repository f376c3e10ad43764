import Delivery
import Foundation
import GeoReminders
import Testing

/// Standard Webhooks signatures against the specification's published test vector.
@Suite struct WebhookSignatureTests {
    let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    let body = Array(#"{"test": 2432232314}"#.utf8)
    let signed = Date(timeIntervalSince1970: 1_614_265_330)

    @Test func signsTheSpecVector() throws {
        #expect(
            WebhookSignature.sign(id: id, timestamp: 1_614_265_330, body: body, secret: try WebhookSecret(parsing: secret))
                == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func verifiesWithinTheTolerance() throws {
        let key = try WebhookSecret(parsing: secret)
        let header = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        try WebhookSignature.verify(id: id, timestamp: "1614265330", signature: header, body: body, secret: key, now: signed)
        // Several signatures, space-separated (key rotation): one match is enough.
        try WebhookSignature.verify(
            id: id, timestamp: "1614265330", signature: "v1,bm90IGl0 " + header, body: body,
            secret: key, now: signed.addingTimeInterval(300))
        #expect(throws: WebhookSignature.Failure.timestampOutOfTolerance(timestamp: 1_614_265_330, now: 1_614_265_631)) {
            try WebhookSignature.verify(
                id: id, timestamp: "1614265330", signature: header, body: body, secret: key,
                now: signed.addingTimeInterval(301))
        }
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(id: id, timestamp: "1614265330", signature: header, body: body + [32], secret: key, now: signed)
        }
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(id: "msg_other", timestamp: "1614265330", signature: header, body: body, secret: key, now: signed)
        }
        #expect(throws: WebhookSignature.Failure.missingHeader(name: "webhook-signature")) {
            try WebhookSignature.verify(id: id, timestamp: "1614265330", signature: nil, body: body, secret: key, now: signed)
        }
        #expect(throws: WebhookSignature.Failure.badTimestamp(value: "soon")) {
            try WebhookSignature.verify(id: id, timestamp: "soon", signature: header, body: body, secret: key, now: signed)
        }
    }

    @Test func secrets() throws {
        #expect(try WebhookSecret(parsing: secret).key.count == 24)
        #expect(try WebhookSecret(parsing: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").description == secret)
        let generated = WebhookSecret.generate()
        #expect(generated.key.count == 32 && generated.description.hasPrefix("whsec_"))
        #expect(generated != WebhookSecret.generate())
        #expect(throws: WebhookError.badSecret(reason: "the key is 3 bytes")) { try WebhookSecret(parsing: "whsec_YWJj") }
        #expect(throws: WebhookError.badSecret(reason: "'whsec_!!' is not base64 after whsec_")) { try WebhookSecret(parsing: "whsec_!!") }
    }

    @Test func retrySchedule() {
        let policy = RetryPolicy(base: 5, cap: 3600, retryFor: 86400)
        #expect((1...6).map { policy.delay(afterFailures: $0, retryAfter: nil) { _ in 1 } } == [5, 10, 20, 40, 80, 160])
        #expect((1...3).map { policy.delay(afterFailures: $0, retryAfter: nil) { _ in 0 } } == [2.5, 5, 10])
        #expect(policy.delay(afterFailures: 20, retryAfter: nil) { _ in 1 } == 3600)
        // Retry-After wins when longer, never past the retry budget.
        #expect(policy.delay(afterFailures: 1, retryAfter: 120) { _ in 1 } == 120)
        #expect(policy.delay(afterFailures: 1, retryAfter: 200_000) { _ in 1 } == 86400)
        let now = Date(timeIntervalSince1970: 1_445_412_480)
        #expect(RetryPolicy.retryAfter("120", now: now) == 120)
        #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: now.addingTimeInterval(-60)) == 60)
        #expect(RetryPolicy.retryAfter("-3", now: now) == nil)
        #expect(RetryPolicy.retryAfter("later", now: now) == nil)
    }
}
