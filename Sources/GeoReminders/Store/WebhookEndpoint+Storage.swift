import Foundation

/// The `webhookEndpoint` row (schema v8-outbox) as cells every engine's store reads: the one place
/// that knows the columns an endpoint is read from.
extension WebhookEndpoint {
    /// The columns ``init(cells:)`` reads, in order, as a SELECT from `webhookEndpoint` lists them;
    /// the fourteenth counts the endpoint's queued deliveries; the channel columns (v11-channels) and
    /// the account (v14-personal-channels) follow.
    public static let columns = """
        id, url, events, acceptsLate, secret, createdDate, cursor, lastStatus, lastError, lastAttemptDate,
        lastSuccessDate, failingSince, disabledDate,
        (SELECT COUNT(*) FROM webhookDelivery WHERE endpointID = webhookEndpoint.id), kind, name, token, account
        """

    /// Reads a row selected with ``columns`` (dates as seconds since 2001, `acceptsLate` as 0 or 1).
    public init(cells row: [StoreValue]) {
        func date(_ index: Int) -> Date? { row[index].real.map(Date.init(timeIntervalSinceReferenceDate:)) }
        self.init(
            id: row[0].integer ?? 0, url: row[1].text ?? "", events: row[2].text.flatMap { try? EventTypeFilter(parsing: $0) } ?? .all,
            acceptsLate: (row[3].integer ?? 1) != 0, secret: row[4].text ?? "", createdDate: date(5) ?? .distantPast,
            cursor: row[6].integer ?? 0, lastStatus: row[7].integer.map(Int.init), lastError: row[8].text,
            lastAttemptDate: date(9), lastSuccessDate: date(10), failingSince: date(11), disabledDate: date(12),
            pendingCount: Int(row[13].integer ?? 0), kind: row[14].text.flatMap(ChannelKind.init(rawValue:)) ?? .webhook,
            name: row[15].text, token: row[16].text, account: row[17].text)
    }
}
