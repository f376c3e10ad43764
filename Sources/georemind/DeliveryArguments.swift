import ArgumentParser
import Delivery
import Foundation
import GeoReminders

/// The dispatcher options `deliver` and `serve` share (the server runs the same dispatcher).
struct DeliveryArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds a webhook request may take before it is retried.", valueName: "span"))
    var timeout = "10s"
    @Option(help: ArgumentHelp("Webhook requests in flight per endpoint.", valueName: "count")) var concurrency = 32
    @Option(
        name: .customLong("retry-base"), help: ArgumentHelp("The first retry's delay, doubled after each failure.", valueName: "span"))
    var retryBase = "5s"
    @Option(
        name: .customLong("retry-for"),
        help: ArgumentHelp("How long a delivery is retried before the endpoint is marked failing.", valueName: "span"))
    var retryFor = "1d"
    @Option(name: .customLong("keep-events"), help: ArgumentHelp("How long delivered events stay in the outbox.", valueName: "span"))
    var keepEvents = "30d"
    @Option(
        name: .customLong("public-url"),
        help: ArgumentHelp(
            "serve's URL as phones reach it: notification channels' Done links point there (serve's default: http://HOST:PORT).",
            valueName: "url"))
    var publicURL: String?
    @Option(
        help: ArgumentHelp(
            "The mail server e-mail channels send through: smtp://USER:PASSWORD@HOST:587 (STARTTLS) or smtps://…:465 (TLS); ?from=ADDRESS sets the sender, ?ca=FILE the PEM CA certificate(s) to trust instead of the system's (a private CA; join with &).",
            valueName: "url"))
    var smtp: String?

    /// The SMTP client for `--smtp`, nil without it (e-mail channels then wait, queued).
    func mailer() throws -> SMTPMailer? {
        try smtp.map(Self.mailer(for:))
    }

    /// The SMTP client for one `--smtp` URL, `?ca=` read at once: serve, deliver and channel test
    /// fail at start-up on a bad URL or CA file, naming `--smtp`.
    static func mailer(for url: String) throws -> SMTPMailer {
        try CLIError.reading("--smtp") { try SMTPMailer(server: try SMTPServer(parsing: url)) }
    }

    func dispatcherOptions() throws -> DispatcherOptions {
        var options = DispatcherOptions()
        options.timeout = try CLIError.reading("--timeout") { try TimeSpan(parsing: timeout).seconds }
        options.retry.base = try CLIError.reading("--retry-base") { try TimeSpan(parsing: retryBase).seconds }
        options.retry.retryFor = try CLIError.reading("--retry-for") { try TimeSpan(parsing: retryFor).seconds }
        options.keepEvents = try CLIError.reading("--keep-events") { try TimeSpan(parsing: keepEvents).seconds }
        guard concurrency > 0 else { throw CLIError.badValue(option: "--concurrency", message: "must be at least 1") }
        options.concurrencyPerEndpoint = concurrency
        if let publicURL {
            guard let components = URLComponents(string: publicURL), ["http", "https"].contains(components.scheme?.lowercased()),
                components.host?.isEmpty == false
            else { throw CLIError.badValue(option: "--public-url", message: "'\(publicURL)' is not an http:// or https:// URL") }
            options.actionBase = publicURL
        }
        return options
    }
}
