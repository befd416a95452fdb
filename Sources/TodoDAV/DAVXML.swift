import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a request body, with its namespace (docs/specs/caldav.md): what the
/// handlers read, after `DAVXML.parse` has refused what must never be parsed.
struct DAVElement: Equatable, Sendable {
    var namespace: String
    var name: String
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    var text = ""

    func child(_ namespace: String, _ name: String) -> DAVElement? {
        children.first { $0.namespace == namespace && $0.name == name }
    }

    func children(_ namespace: String, _ name: String) -> [DAVElement] {
        children.filter { $0.namespace == namespace && $0.name == name }
    }

    func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

    var qualifiedName: DAVName { DAVName(namespace, name) }
}

/// A property or element name: its namespace and local name.
struct DAVName: Hashable, Sendable {
    var namespace: String
    var name: String

    init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }
}

/// The namespaces CalDAV speaks, with the prefixes answers use.
enum DAVNamespace {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"

    static let prefixes: [(prefix: String, namespace: String)] = [
        ("d", dav), ("c", caldav), ("cs", calendarServer), ("ic", apple),
    ]

    static func prefix(of namespace: String) -> String? { prefixes.first { $0.namespace == namespace }?.prefix }
}

/// Reading request bodies (DAV-11): no DTD, no entity declaration, nothing nested without end.
/// The parser is handed only text this type decoded and checked (HARDEN-11, HARDEN-15):
/// FoundationXML's `XMLParser` stops the program on a name that isn't UTF-8.
enum DAVXML {
    /// The deepest nesting a body may have; real requests stay under 10.
    static let maxDepth = 32

    /// The root element of `data`; nil for an empty body. Throws a sentence for anything else
    /// that isn't plain, well-formed XML.
    static func parse(_ data: Data) throws(DAVFailure) -> DAVElement? {
        let text = try Self.text(of: data)
        if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
        // Refused before any parser sees it: no entity expansion, no external entities. The
        // decoded text is what is read, so no encoding hides a declaration (HARDEN-15).
        let lowered = text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        if lowered.firstRange(of: Array("<!doctype".utf8)) != nil || lowered.firstRange(of: Array("<!entity".utf8)) != nil {
            throw DAVFailure(.badRequest, "XML with a DTD or an entity declaration is not accepted.")
        }
        // FoundationXML's `XMLParser` reads a processing instruction without data (`<?x?>`) through
        // a null pointer; CalDAV has no use for any (HARDEN-11).
        let body = try withoutDeclaration(text)
        if body.utf8.firstRange(of: Array("<?".utf8)) != nil {
            throw DAVFailure(.badRequest, "XML processing instructions are not accepted.")
        }
        let reader = TreeReader()
        let parser = XMLParser(data: Data(body.utf8))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil, let root = reader.root else {
            throw reader.failure ?? notWellFormed
        }
        return root
    }

    private static let notWellFormed = DAVFailure(.badRequest, "The request body is not well-formed XML.")
    private static let notText = DAVFailure(.badRequest, "The request body is not UTF-8 or UTF-16 text.")

    /// The body as text (HARDEN-11): UTF-8, with or without a byte order mark, or UTF-16 with
    /// one. Invalid or overlong sequences, lone surrogates and NUL (never XML; a UTF-16 body
    /// without its mark reads as UTF-8 full of them) are refused.
    static func text(of data: Data) throws(DAVFailure) -> String {
        let bytes = [UInt8](data)
        let text: String?
        switch (bytes.first, bytes.dropFirst().first) {
        case (0xFF?, 0xFE?): text = decoded(units(bytes.dropFirst(2), bigEndian: false), as: UTF16.self)
        case (0xFE?, 0xFF?): text = decoded(units(bytes.dropFirst(2), bigEndian: true), as: UTF16.self)
        default:
            // The standard library's validation refuses overlong forms, surrogates and values past
            // U+10FFFF, as the scalar-by-scalar decoder below does, at the speed of a copy.
            text = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        }
        guard let text, !text.utf8.contains(0) else { throw notText }
        return text
    }

    /// UTF-16 code units of `bytes` in the given order; nil for an odd count.
    private static func units(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt16]? {
        guard bytes.count % 2 == 0 else { return nil }
        return stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { index in
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            return bigEndian ? first << 8 | second : second << 8 | first
        }
    }

    /// `units` decoded strictly: nil at the first invalid sequence (the standard library's
    /// decoders refuse overlong forms, surrogates and values past U+10FFFF).
    private static func decoded<Codec: UnicodeCodec, Units: Sequence<Codec.CodeUnit>>(
        _ units: Units?, as codec: Codec.Type
    ) -> String? {
        guard let units else { return nil }
        var iterator = units.makeIterator(), decoder = Codec(), scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }

    /// `text` without its XML declaration, which may name an encoding other than the UTF-8 the
    /// parser is handed; a declaration naming anything but UTF-8 or UTF-16 is refused.
    private static func withoutDeclaration(_ text: String) throws(DAVFailure) -> Substring {
        guard text.hasPrefix("<?xml"), let next = text.dropFirst(5).first, next.isWhitespace else { return text[...] }
        guard let match = text.prefixMatch(of: declaration.matchingSemantics(.unicodeScalar)) else { throw notWellFormed }
        if let encoding = match.output.1 ?? match.output.2, !["utf-8", "utf-16"].contains(encoding.lowercased()) {
            throw notText
        }
        return text[match.range.upperBound...]
    }

    /// `<?xml version="1.x" encoding="…" standalone="…"?>` (XML 1.0, 2.8).
    private static var declaration: Regex<(Substring, Substring?, Substring?)> {
        #/<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"([A-Za-z][A-Za-z0-9._\-]*)"|'([A-Za-z][A-Za-z0-9._\-]*)'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/#
    }

    private final class TreeReader: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?
        var failure: DAVFailure?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < DAVXML.maxDepth else {
                failure = DAVFailure(.badRequest, "The request body is nested too deeply.")
                parser.abortParsing()
                return
            }
            stack.append(DAVElement(namespace: namespaceURI ?? "", name: name, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, foundInternalSubset subset: String) {
            failure = DAVFailure(.badRequest, "XML with a DTD or an entity declaration is not accepted.")
            parser.abortParsing()
        }
    }
}

/// Writing answers: `multistatus` and error bodies, escaped, with the usual prefixes.
struct DAVWriter {
    private(set) var text = ""
    /// Prefixes given to namespaces that have none of the usual ones, per answer.
    private var extra: [String: String] = [:]

    static let contentType = "application/xml; charset=utf-8"

    /// Text as XML character data, escaped byte by byte (a first sync escapes megabytes).
    static func escaped(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { escapes[Int($0)] != nil }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if let replacement = escapes[Int(byte)] { out.append(contentsOf: replacement) } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What each ASCII byte that needs it is written as. A CR is written `&#13;`: a parser
    /// turns a bare CR LF into LF (XML's line-end rule), and iCalendar's lines end in CR LF.
    private static let escapes: [[UInt8]?] = {
        var table = [[UInt8]?](repeating: nil, count: 256)
        for (byte, text) in [(UInt8(ascii: "&"), "&amp;"), (UInt8(ascii: "<"), "&lt;"), (UInt8(ascii: ">"), "&gt;"),
                             (UInt8(ascii: "\""), "&quot;"), (UInt8(ascii: "\r"), "&#13;")]
        {
            table[Int(byte)] = Array(text.utf8)
        }
        return table
    }()

    /// `prefix:name`, and the declaration to add when the namespace is not a usual one.
    mutating func tag(_ name: DAVName) -> (tag: String, declaration: String) {
        if let prefix = DAVNamespace.prefix(of: name.namespace) { return (prefix + ":" + name.name, "") }
        if name.namespace.isEmpty { return (name.name, "") }
        // Declared on every element that uses it: a declaration holds for its element only.
        let prefix = extra[name.namespace] ?? "x\(extra.count)"
        extra[name.namespace] = prefix
        return (prefix + ":" + name.name, " xmlns:\(prefix)=\"\(Self.escaped(name.namespace))\"")
    }

    mutating func open(_ name: DAVName) {
        let (tag, declaration) = tag(name)
        text += "<\(tag)\(declaration)>"
    }

    mutating func close(_ name: DAVName) { text += "</\(tag(name).tag)>" }

    mutating func empty(_ name: DAVName) {
        let (tag, declaration) = tag(name)
        text += "<\(tag)\(declaration)/>"
    }

    mutating func element(_ name: DAVName, text value: String) {
        open(name)
        text += Self.escaped(value)
        close(name)
    }

    mutating func raw(_ xml: String) { text += xml }

    /// The document: the XML declaration and the root with every usual prefix declared.
    static func document(root: DAVName, _ body: (inout DAVWriter) -> Void) -> String {
        var writer = DAVWriter()
        body(&writer)
        return writer.document(root: root)
    }

    /// What was written, as the body of a document whose root is `root`.
    func document(root: DAVName) -> String {
        let declarations = DAVNamespace.prefixes.map { " xmlns:\($0.prefix)=\"\($0.namespace)\"" }.joined()
        let prefix = DAVNamespace.prefix(of: root.namespace) ?? "d"
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<\(prefix):\(root.name)\(declarations)>"
            + text + "</\(prefix):\(root.name)>\n"
    }
}

extension DAVName {
    static func dav(_ name: String) -> DAVName { DAVName(DAVNamespace.dav, name) }
    static func caldav(_ name: String) -> DAVName { DAVName(DAVNamespace.caldav, name) }
    static func calendarServer(_ name: String) -> DAVName { DAVName(DAVNamespace.calendarServer, name) }
    static func apple(_ name: String) -> DAVName { DAVName(DAVNamespace.apple, name) }
}
