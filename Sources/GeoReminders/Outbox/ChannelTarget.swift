import Foundation

/// Where a channel sends, checked when it is added: an error now beats a delivery that fails for a day.
public enum ChannelTarget {
    /// The URL stored for `target`: the URL itself, or `mailto:ADDRESS` for e-mail.
    public static func validated(kind: ChannelKind, target: String) throws(WebhookError) -> String {
        switch kind {
        case .webhook:
            throw .badChannelTarget(kind: kind, target: target, reason: "add webhooks with `webhook add`")
        case .ntfy, .apprise:
            guard let components = URLComponents(string: target), let scheme = components.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
            else { throw .badChannelTarget(kind: kind, target: target, reason: "it must be an http:// or https:// URL") }
            let path = components.path.split(separator: "/")
            if kind == .ntfy, path.count != 1 {
                throw .badChannelTarget(kind: kind, target: target, reason: "give the topic's URL, https://ntfy.example.org/TOPIC")
            }
            if kind == .apprise, path.count < 2 || path[path.count - 2] != "notify" {
                throw .badChannelTarget(
                    kind: kind, target: target, reason: "give the notify URL with its key, https://apprise.example.org/notify/KEY")
            }
            return target
        case .email:
            let parts = target.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
                !target.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" })
            else { throw .badChannelTarget(kind: kind, target: target, reason: "give one address, anna@example.org") }
            return "mailto:" + target
        }
    }

    /// What `channel list` and the API show: the URL without user info and, for ntfy and Apprise
    /// keys, unchanged (the token is kept apart); the address for e-mail.
    public static func display(_ endpoint: WebhookEndpoint) -> String {
        if endpoint.url.hasPrefix("mailto:") { return String(endpoint.url.dropFirst("mailto:".count)) }
        guard var components = URLComponents(string: endpoint.url) else { return endpoint.url }
        if components.password != nil { components.password = "***" }
        return components.string ?? endpoint.url
    }
}
