import CLibXML2

/// Reads a request body into a ``DAVElement`` tree with libxml2's tree parser.
///
/// Safe on a stranger's bytes: a document with a DOCTYPE is refused outright (no entity of any
/// kind, internal or external, is ever expanded), the network is never touched, and nothing is
/// printed to standard error.
package enum DAVXMLReader {
    package enum Failure: Error, Hashable, Sendable {
        case malformed
        case doctype
    }

    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    package static func element(from bytes: [UInt8]) throws(Failure) -> DAVElement {
        _ = initialized
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), nil, nil, options)
                }
            } ?? nil
        }
        guard let document else { throw .malformed }
        defer { xmlFreeDoc(document) }
        guard document.pointee.intSubset == nil, document.pointee.extSubset == nil else { throw .doctype }
        guard let root = xmlDocGetRootElement(document) else { throw .malformed }
        return element(root)
    }

    private static func element(_ node: xmlNodePtr) -> DAVElement {
        let namespace = node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
        var result = DAVElement(DAVName(namespace, String(cString: node.pointee.name)))
        var attribute = node.pointee.properties
        while let current = attribute {
            if current.pointee.ns == nil {
                // An attribute's value is its text children (entity references are never expanded).
                var value = ""
                var text = current.pointee.children
                while let part = text {
                    if let content = part.pointee.content { value += String(cString: content) }
                    text = part.pointee.next
                }
                result.attributes[String(cString: current.pointee.name)] = value
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: result.children.append(element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result.text += String(cString: content) }
            default: break
            }
            child = current.pointee.next
        }
        return result
    }
}
