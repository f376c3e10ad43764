import Foundation

/// An HTTP request as the CalDAV front reads it, with no web framework: method, the path as sent
/// (percent-encoded, no query), headers by lowercased name, and the body.
package struct DAVRequest: Sendable {
    package var method: String
    package var path: String
    package var headers: [String: String]
    package var body: [UInt8]

    package init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method.uppercased()
        self.path = path
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The Depth header (RFC 4918 §10.2): 0, 1 or infinity (nil); `fallback` when absent.
    func depth(fallback: Int?) -> Int? {
        guard let value = header("Depth")?.trimmingCharacters(in: .whitespaces).lowercased() else { return fallback }
        return value == "infinity" ? nil : Int(value) ?? fallback
    }

    /// `Prefer: return=minimal` (RFC 8144 §2.1) or the older `Brief: t`: leave out 404 propstats.
    var isMinimal: Bool {
        (header("Prefer")?.lowercased().contains("return=minimal") ?? false) || header("Brief")?.lowercased() == "t"
    }

    func xml() throws(DAVError) -> DAVElement? {
        guard body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        do { return try DAVXMLReader.element(from: body) } catch {
            throw .status(400, error == .doctype ? "a DOCTYPE is not accepted" : "the body is not well-formed XML")
        }
    }
}

/// An answer: status, headers, body (always with its length: never chunked).
package struct DAVResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    static func xml(_ status: Int, _ element: DAVElement) -> DAVResponse {
        xml(status, body: DAVXMLWriter.bytes(element))
    }

    static func xml(_ status: Int, body: [UInt8]) -> DAVResponse {
        DAVResponse(status: status, headers: [("Content-Type", "application/xml; charset=utf-8")], body: body)
    }

    static func multistatus(_ multistatus: Multistatus) -> DAVResponse { xml(207, body: multistatus.bytes) }

    static func failure(_ error: DAVError) -> DAVResponse {
        switch error {
        case let .status(code, message):
            DAVResponse(status: code, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((message + "\n").utf8))
        case let .precondition(code, name, message):
            xml(
                code,
                DAVElement(
                    .d("error"), children: [DAVElement(name), DAVElement(DAVName("http://georemind.org/ns/", "message"), text: message)]))
        }
    }
}
