import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends one message per SMTP conversation (RFC 5321) to the instance's mail server: a small
/// client on SwiftNIO, as alerts are few and a connection per alert keeps no state to go stale.
///
/// `smtps://` speaks TLS from the first byte; `smtp://` upgrades with STARTTLS (RFC 3207) when the
/// server offers it, and refuses to go on in plain text unless the server is on loopback (tests).
/// AUTH PLAIN (RFC 4616) only ever inside TLS, or on loopback. A loopback server that offers
/// STARTTLS still gets it: loopback only excuses its absence.
package struct SMTPMailer: Sendable {
    package let server: SMTPServer
    let tls: SMTPTLS

    /// Reads `?ca=` now: a missing or unreadable CA file is a start-up error, not a failing alert.
    package init(server: SMTPServer) throws(SMTPError) {
        self.server = server
        tls = try SMTPTLS(for: server)
    }

    /// Sends `message`; returns the server's final reply code (250) or throws what went wrong.
    package func send(_ message: MailMessage, timeout: TimeInterval) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await converse(message) }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                throw SMTPError.connection(reason: "no answer within \(Int(timeout)) s")
            }
            defer { group.cancelAll() }
            return try await group.next() ?? 0
        }
    }

    private func converse(_ message: MailMessage) async throws -> Int {
        let (replies, continuation) = AsyncThrowingStream.makeStream(of: SMTPReply.self)
        let implicit = server.security == .implicitTLS
        let tls = self.tls
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(10))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if implicit {
                            try channel.pipeline.syncOperations.addHandler(try tls.handler())
                        }
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                        try channel.pipeline.syncOperations.addHandler(SMTPReplyForwarder(continuation))
                    }
                }
                .connect(host: server.host, port: server.port).get()
        } catch {
            throw SMTPTLS.explain(error, server: server)
        }
        defer { channel.close(promise: nil) }
        var iterator = replies.makeAsyncIterator()
        do {
            return try await talk(message, on: channel, replies: &iterator)
        } catch {
            // A failed handshake reaches the reply stream (errorCaught) while the write that was
            // waiting for it only fails as a closed channel: the stream's error says why.
            channel.close(promise: nil)
            var cause = error
            do {
                while try await iterator.next() != nil {}
            } catch let streamError {
                if !(error is SMTPError) { cause = streamError }
            }
            throw SMTPTLS.explain(cause, server: server)
        }
    }

    /// The conversation proper, from the greeting to QUIT.
    private func talk(
        _ message: MailMessage, on channel: any Channel, replies iterator: inout AsyncThrowingStream<SMTPReply, any Error>.Iterator
    ) async throws -> Int {
        let implicit = server.security == .implicitTLS
        let tls = self.tls
        func reply(_ accepted: ClosedRange<Int>) async throws -> SMTPReply {
            guard let reply = try await iterator.next() else { throw SMTPError.connection(reason: "the server closed the connection") }
            guard accepted.contains(reply.code) else { throw SMTPError.refused(code: reply.code, reply: reply.text) }
            return reply
        }
        func say(_ line: String) async throws {
            try await channel.writeAndFlush(ByteBuffer(string: line + "\r\n")).get()
        }
        _ = try await reply(220...220)
        try await say("EHLO georemind")
        var hello = try await reply(250...250)
        var secure = implicit
        if !implicit {
            if hello.lines.contains(where: { $0.uppercased().hasPrefix("STARTTLS") }) {
                try await say("STARTTLS")
                _ = try await reply(220...220)
                try await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(try tls.handler(), position: .first)
                }.get()
                secure = true
                try await say("EHLO georemind")
                hello = try await reply(250...250)
            } else if !server.isLoopback {
                throw SMTPError.noTLS(server: server.description)
            }
        }
        if let user = server.user {
            guard secure || server.isLoopback else { throw SMTPError.noTLS(server: server.description) }
            let credentials = Data("\0\(user)\0\(server.password ?? "")".utf8).base64EncodedString()
            try await say("AUTH PLAIN \(credentials)")
            _ = try await reply(235...235)
        }
        try await say("MAIL FROM:<\(message.from)>")
        _ = try await reply(250...250)
        try await say("RCPT TO:<\(message.to)>")
        _ = try await reply(250...251)
        try await say("DATA")
        _ = try await reply(354...354)
        // Dot-stuffing (RFC 5321 section 4.5.2), then the end-of-data line.
        let stuffed = message.text.components(separatedBy: "\r\n").map { $0.hasPrefix(".") ? "." + $0 : $0 }
            .joined(separator: "\r\n")
        try await channel.writeAndFlush(ByteBuffer(string: stuffed + ".\r\n")).get()
        let accepted = try await reply(250...250)
        try? await say("QUIT")
        return accepted.code
    }
}
