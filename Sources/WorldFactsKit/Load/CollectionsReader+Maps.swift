import WorldFactsModel
import WorldFactsSupport
import Yams

/// The fields a collection makes of others (coordinates, computations) and its locator map (`map:`).
extension CollectionsReader {
    /// What a field made of others is made of.
    enum Derivation { case coordinates, computed }

    /// Whether a field is made of others, read once every field is known: a computed field (`compute:`,
    /// an integer or a decimal) or a coordinates field. `latitude` and `longitude` on any other field are
    /// errors.
    func derivation(
        _ map: YAMLReader.Map, format: FieldFormat?, named formatName: String, shownAs: FieldSpec.TextKind?,
        _ r: inout YAMLReader
    ) -> Derivation? {
        if shownAs != .coordinates, let key = ["latitude", "longitude"].first(where: { map.node(for: $0) != nil }) {
            r.problem(
                at: map.node(for: key)!, field: map.path + "." + key,
                "only a coordinates field names a \(key) field; this one is '\(formatName)'")
        }
        guard map.node(for: "compute") != nil else { return shownAs == .coordinates ? .coordinates : nil }
        if format != .integer && format != .decimal {
            r.problem(
                at: map.node(for: "format") ?? map.node, field: map.path + ".format",
                "a computed field is an integer or a decimal; this one is '\(formatName)'")
        }
        return .computed
    }

    /// A coordinates field's `latitude` and `longitude`: two integer or decimal fields of the collection,
    /// each held within ±90 or ±180 unless it declares bounds of its own.
    func coordinateFields(
        _ map: YAMLReader.Map, of fields: inout [FieldSpec], _ r: inout YAMLReader
    ) -> FieldSpec.CoordinateFields? {
        var found: [Int] = []
        for (key, bound) in [("latitude", 90.0), ("longitude", 180.0)] {
            guard let name = r.string(map, key) else { continue }
            let numbers = fields.filter { $0.format == .integer || $0.format == .decimal }.map(\.id)
            guard let position = fields.firstIndex(where: { $0.id == name }), numbers.contains(name) else {
                r.problem(
                    at: map.node(for: key)!, field: map.path + "." + key,
                    "expected an integer or decimal field of the collection, found '\(name)'"
                        + EditDistance.suggestion(for: name, among: numbers))
                continue
            }
            if fields[position].minimum == nil { fields[position].minimum = -bound }
            if fields[position].maximum == nil { fields[position].maximum = bound }
            found.append(position)
        }
        return found.count == 2 ? FieldSpec.CoordinateFields(latitude: found[0], longitude: found[1]) : nil
    }

    /// A computed field's `compute`: its expression over the collection's integer and decimal fields that
    /// are read (not made of others). A problem is an error at its line and column in site.yml.
    func computation(
        _ map: YAMLReader.Map, of position: Int, in fields: [FieldSpec], _ r: inout YAMLReader
    ) -> Computation? {
        guard let text = r.string(map, "compute"), let node = map.node(for: "compute") else { return nil }
        let numbers = fields.indices.filter {
            $0 != position && (fields[$0].format == .integer || fields[$0].format == .decimal) && !fields[$0].isDerived
        }
        var parser = ComputationParser(text) { name, offset in
            if let number = numbers.first(where: { fields[$0].id == name }) { return .success(number) }
            let message: String
            if let other = fields.firstIndex(where: { $0.id == name }) {
                message =
                    other == position
                    ? "'\(name)' is this field; a computation takes other fields"
                    : "'\(name)' is a \(fields[other].format.rawValue) field"
                        + (fields[other].isDerived ? " made of others" : "")
                        + "; a computation takes integer and decimal fields read from the records"
            } else {
                message =
                    "names no field: '\(name)'"
                    + EditDistance.suggestion(for: name, among: numbers.map { fields[$0].id })
            }
            return .failure(ComputationParser.Failure(offset: offset, message: message))
        }
        do throws(ComputationParser.Failure) {
            return try parser.parse()
        } catch {
            r.problem(at: node, offset: error.offset, field: map.path + ".compute", error.message)
            return nil
        }
    }

    /// A collection's `map`: the coordinates field it marks, the field of codes whose country it
    /// highlights, the list whose records are dots.
    func locatorMap(
        _ collection: YAMLReader.Map, of spec: CollectionSpec, in specs: [CollectionSpec], _ r: inout YAMLReader
    ) -> MapSpec? {
        guard let map = r.map(collection, "map") else { return nil }
        // Dots are a list's records: the short form (`records:`), of one collection, has no lists.
        let hasLists = collection.path != "records"
        var result = MapSpec(limit: hasLists ? r.int(map, "limit", default: MapSpec.defaultLimit, minimum: 1) : 0)
        func problem(_ key: String, _ message: String, among names: [String], found name: String) {
            r.problem(
                at: map.node(for: key) ?? map.node, field: map.path + "." + key,
                message + EditDistance.suggestion(for: name, among: names))
        }
        if let name = r.optionalString(map, "coordinates") {
            let names = spec.fields.filter { $0.coordinates != nil }.map(\.id)
            result.coordinates = spec.fields.firstIndex { $0.id == name && $0.coordinates != nil }
            // A coordinates field whose own declaration failed has had its error.
            if result.coordinates == nil,
                !spec.fields.contains(where: { $0.id == name && $0.shownAs?.kind == .coordinates })
            {
                problem(
                    "coordinates", "expected a coordinates field of '\(spec.id)', found '\(name)'", among: names,
                    found: name)
            }
        }
        if let name = r.optionalString(map, "region") {
            let ref = name == "key" ? .key : spec.ref(for: name)
            if case .field(let field) = ref, spec.fields[field].format != .text, spec.fields[field].format != .link {
                r.problem(
                    at: map.node(for: "region")!, field: map.path + ".region",
                    "expected the key, or a text or link field, of region codes; found the "
                        + "\(spec.fields[field].format.rawValue) field '\(name)'")
            } else if ref == nil {
                problem(
                    "region", "expected the key or a field of '\(spec.id)', found '\(name)'",
                    among: ["key"] + spec.fields.map(\.id), found: name)
            }
            result.region = ref
        }
        if hasLists, let name = r.optionalString(map, "dots") {
            result.dots = spec.lists.firstIndex { $0.id == name }
            if let list = result.dots {
                result.dotsField = specs[spec.lists[list].source].fields.firstIndex { $0.coordinates != nil }
                if result.dotsField == nil {
                    r.problem(
                        at: map.node(for: "dots")!, field: map.path + ".dots",
                        "the list '\(name)' is of '\(specs[spec.lists[list].source].id)', which has no coordinates"
                            + " field to place its dots by")
                }
            } else {
                problem(
                    "dots", "expected a list of '\(spec.id)', found '\(name)'", among: spec.lists.map(\.id), found: name
                )
            }
        }
        if map.node(for: "coordinates") == nil, map.node(for: "region") == nil, map.node(for: "dots") == nil {
            r.problem(at: map.node, field: map.path, "expected one of coordinates, region or dots")
        }
        return result
    }
}
