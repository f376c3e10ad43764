import Foundation
import GeoReminders
import PostgresNIO

extension SharedDelivery {
    /// The statements recording what an attempt came to, on the delivery and on its endpoint: the
    /// same changes as ``ReminderStore``'s, dates on the server's clock.
    static func record(_ outcome: DeliveryOutcome, for delivery: WebhookDelivery) -> [PostgresQuery] {
        let (endpoint, sequence) = (delivery.endpointID, delivery.event.sequence)
        let deletion: PostgresQuery = "DELETE FROM webhookDelivery WHERE endpointID = \(endpoint) AND eventSequence = \(sequence)"
        switch outcome {
        case .delivered(let status):
            return [
                deletion,
                """
                UPDATE webhookEndpoint SET lastStatus = \(status), lastError = NULL, lastAttemptDate = \(unescaped: serverNow),
                    lastSuccessDate = \(unescaped: serverNow), failingSince = NULL WHERE id = \(endpoint)
                """,
            ]
        case .gone:
            return [
                "DELETE FROM webhookDelivery WHERE endpointID = \(endpoint)",
                """
                UPDATE webhookEndpoint SET lastStatus = 410, lastError = 'Gone: disabled', lastAttemptDate = \(unescaped: serverNow),
                    disabledDate = \(unescaped: serverNow) WHERE id = \(endpoint)
                """,
            ]
        case .retry(let status, let error, let retryAt):
            return [
                """
                UPDATE webhookDelivery SET attempts = attempts + 1, firstAttemptDate = COALESCE(firstAttemptDate, \(unescaped: serverNow)),
                    nextAttemptDate = \(retryAt.timeIntervalSinceReferenceDate), leaseOwner = NULL, leaseUntil = NULL,
                    lastStatus = \(status), lastError = \(error)
                WHERE endpointID = \(endpoint) AND eventSequence = \(sequence)
                """,
                """
                UPDATE webhookEndpoint SET lastStatus = \(status), lastError = \(error), lastAttemptDate = \(unescaped: serverNow)
                WHERE id = \(endpoint)
                """,
            ]
        case .gaveUp(let status, let error):
            return [
                deletion,
                """
                UPDATE webhookEndpoint SET lastStatus = \(status), lastError = \(error), lastAttemptDate = \(unescaped: serverNow),
                    failingSince = COALESCE(failingSince, \(unescaped: serverNow)) WHERE id = \(endpoint)
                """,
            ]
        }
    }
}
