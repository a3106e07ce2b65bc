import Foundation
import WorldFactsModel
import WorldFactsSupport
import Yams

/// Typed access to a composed YAML tree that records a diagnostic, with the node's mark, for every
/// missing or mistyped value instead of stopping at the first.
struct YAMLReader {
    struct Map {
        let mapping: Node.Mapping
        let node: Node
        let path: String
        func node(for key: String) -> Node? { mapping[key] }
    }

    let file: String
    var diagnostics: [Diagnostic] = []
    /// Every key asked for, present or not, as `SiteSchema` writes paths (`fields[].id`): a test checks
    /// that they are the schema's keys.
    private(set) var keysRead: Set<String> = []

    mutating func problem(at node: Node, field: String, _ message: String) {
        diagnostics.append(
            .error(SourceLocation(file: file, line: node.mark?.line, column: node.mark?.column), field: field, message))
    }

    /// A problem `offset` characters into a scalar's text: its line, and its column past a quote.
    mutating func problem(at node: Node, offset: Int, field: String, _ message: String) {
        let quoted = node.scalar.map { $0.style == .singleQuoted || $0.style == .doubleQuoted } ?? false
        let column = node.mark.map { $0.column + offset + (quoted ? 1 : 0) }
        diagnostics.append(
            .error(SourceLocation(file: file, line: node.mark?.line, column: column), field: field, message))
    }

    mutating func mapping(_ node: Node, path: String) -> Map? {
        guard let mapping = node.mapping else {
            problem(at: node, field: path, "expected a mapping (key: value lines)")
            return nil
        }
        return Map(mapping: mapping, node: node, path: path)
    }

    private func keyPath(_ map: Map, _ key: String) -> String {
        map.path == "site.yml" ? key : "\(map.path).\(key)"
    }

    /// Notes that the loader asked for `key` of `map`, and gives its node if it is there.
    private mutating func node(_ map: Map, _ key: String) -> Node? {
        keysRead.insert(Self.withoutIndexes(keyPath(map, key)))
        return map.node(for: key)
    }

    /// A key's path with each list index left out (`collections[3].fields[0].id` is `collections[].fields[].id`):
    /// what every element of a list is checked as. Not a regular expression, which was compiled for each key
    /// read.
    static func withoutIndexes(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "[")) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        let utf8 = Array(path.utf8)
        var at = 0
        while at < utf8.count {
            if utf8[at] == UInt8(ascii: "[") {
                var end = at + 1
                while end < utf8.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[end]) { end += 1 }
                if end > at + 1, end < utf8.count, utf8[end] == UInt8(ascii: "]") {
                    bytes += "[]".utf8
                    at = end + 1
                    continue
                }
            }
            bytes.append(utf8[at])
            at += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    mutating func map(_ map: Map, _ key: String) -> Map? {
        guard let node = node(map, key) else { return nil }
        return mapping(node, path: keyPath(map, key))
    }

    /// A key that is `true` (its defaults), `false` (off) or a mapping of its own keys: whether it is on, and
    /// the mapping when one is given.
    mutating func flagOrMap(_ map: Map, _ key: String) -> (on: Bool, map: Map?) {
        guard let node = node(map, key) else { return (false, nil) }
        if let flag = node.bool { return (flag, nil) }
        guard node.mapping != nil else {
            problem(at: node, field: keyPath(map, key), "expected true, false or a mapping of its keys")
            return (false, nil)
        }
        return (true, mapping(node, path: keyPath(map, key)))
    }

    mutating func list(_ map: Map, _ key: String) -> [Node] {
        guard let node = node(map, key) else { return [] }
        guard let sequence = node.sequence else {
            problem(at: node, field: keyPath(map, key), "expected a list")
            return []
        }
        return Array(sequence)
    }

    mutating func scalarString(_ node: Node, path: String) -> String? {
        guard let scalar = node.scalar else {
            problem(at: node, field: path, "expected a text value")
            return nil
        }
        return scalar.string
    }

    /// A required text value.
    mutating func string(_ map: Map, _ key: String) -> String? {
        guard let node = node(map, key) else {
            problem(at: map.node, field: keyPath(map, key), "missing; expected a text value")
            return nil
        }
        return scalarString(node, path: keyPath(map, key))
    }

    mutating func optionalString(_ map: Map, _ key: String) -> String? {
        guard let node = node(map, key) else { return nil }
        return scalarString(node, path: keyPath(map, key))
    }

    mutating func string(_ map: Map, _ key: String, default value: String) -> String {
        optionalString(map, key) ?? value
    }

    mutating func int(_ map: Map, _ key: String, default value: Int, minimum: Int = 0) -> Int {
        guard let node = node(map, key) else { return value }
        guard let number = node.int, number >= minimum else {
            problem(
                at: node, field: keyPath(map, key),
                "expected a whole number of at least \(minimum), found '\(node.string ?? "?")'")
            return value
        }
        return number
    }

    mutating func optionalDouble(_ map: Map, _ key: String) -> Double? {
        guard let node = node(map, key) else { return nil }
        guard let number = node.float else {
            problem(at: node, field: keyPath(map, key), "expected a number, found '\(node.string ?? "?")'")
            return nil
        }
        return number
    }

    mutating func bool(_ map: Map, _ key: String, default value: Bool) -> Bool {
        guard let node = node(map, key) else { return value }
        guard let flag = node.bool else {
            problem(at: node, field: keyPath(map, key), "expected true or false, found '\(node.string ?? "?")'")
            return value
        }
        return flag
    }

    mutating func checkRelativePath(_ path: String, in map: Map, key: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.isEmpty || path.hasPrefix("/") || parts.contains("..") || parts.contains("") {
            problem(
                at: map.node(for: key) ?? map.node, field: keyPath(map, key),
                "expected a relative path inside the folder, without '..', found '\(path)'")
        }
    }
}

extension YAMLReader {
    /// A name used in paths and pages (a collection or scope id): ASCII letters, digits, '-' and '_'.
    mutating func checkName(_ name: String, in map: Map, key: String) {
        if !name.isEmpty, !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            problem(
                at: map.node(for: key) ?? map.node, field: "\(map.path).\(key)",
                "expected letters, digits, '-' or '_', found '\(name)'")
        }
    }

    /// The collection a key names, or the only one when it names none and there is one.
    mutating func collection(_ name: String?, of config: SiteConfig, in map: Map, key: String, what: String) -> Int? {
        guard let name else {
            if config.collections.count == 1 { return 0 }
            if config.collections.count > 1 {
                let ids = config.collections.map { "'\($0.id)'" }.joined(separator: ", ")
                problem(
                    at: map.node, field: "\(map.path).\(key)", "missing; expected the collection \(what): one of \(ids)"
                )
            }
            return nil
        }
        return collection(named: name, among: config.collections.map(\.id), in: map, key: key)
    }

    /// The position among `ids` of the collection a key names; any other name is an error.
    mutating func collection(named name: String, among ids: [String], in map: Map, key: String) -> Int? {
        if let position = ids.firstIndex(of: name) { return position }
        problem(
            at: map.node(for: key) ?? map.node, field: "\(map.path).\(key)",
            "names no collection: '\(name)'; expected one of " + ids.map { "'\($0)'" }.joined(separator: ", "))
        return nil
    }

    /// A field of a collection as site.yml names it: its key, its title or a declared field.
    mutating func resolve(_ id: String, in collection: CollectionSpec, at node: Node, _ path: String)
        -> SiteConfig.FieldRef?
    {
        if let ref = collection.ref(for: id) { return ref }
        problem(
            at: node, field: path,
            "names no field: '\(id)' is neither the key, the title nor a declared field of '\(collection.id)'")
        return nil
    }
}
