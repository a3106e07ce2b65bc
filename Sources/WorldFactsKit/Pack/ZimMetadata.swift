import WorldFactsSupport

/// The metadata of a ZIM file, as openZIM's metadata conventions give it and Kiwix shows it: `Name`,
/// `Title`, `Description`, `Language` (ISO 639-3), `Creator`, `Publisher`, `Date`, `Tags`, and a 48×48 PNG
/// illustration, taken from site.yml (`ZimSource`). Made whole or refused with an error per missing or
/// invalid key, each naming the key and what is expected.
struct ZimMetadata: Equatable {
    /// In the order they are written.
    var texts: [(name: String, value: String)]
    var illustration: [UInt8]

    static func == (left: ZimMetadata, right: ZimMetadata) -> Bool {
        left.texts.map { [$0.name, $0.value] } == right.texts.map { [$0.name, $0.value] }
            && left.illustration == right.illustration
    }

    /// openZIM's limits: a longer title or description is an error of zimcheck's.
    static let titleLimit = 30
    static let descriptionLimit = 80

    /// The metadata of a ZIM of `source`, on `day` (`YYYY-MM-DD`); `illustration`: the bytes of the file
    /// `zim.illustration` names, nil when it could not be read.
    static func of(
        _ source: ZimSource, language: String?, day: String, illustration: [UInt8]?
    ) throws(StageFailure) -> ZimMetadata {
        var problems: [Diagnostic] = []
        let spec = source.spec
        func missing(_ key: String, _ meaning: String) {
            problems.append(
                .error(
                    SourceLocation(file: source.siteFile), field: "zim.\(key)",
                    "missing: pack --zim writes it as the ZIM's \(meaning)"))
        }
        let name = spec?.name ?? ""
        if name.isEmpty { missing("name", "Name, the same in each release (`worldfacts_en_all`)") }
        let creator = spec?.creator ?? ""
        if creator.isEmpty { missing("creator", "Creator, who made the content") }
        let publisher = spec?.publisher ?? ""
        if publisher.isEmpty { missing("publisher", "Publisher, who made the ZIM") }
        if source.title.count > titleLimit {
            problems.append(
                .error(
                    SourceLocation(file: source.siteFile), field: "title",
                    "a ZIM's Title is at most \(titleLimit) characters; '\(source.title)' has \(source.title.count)"))
        }
        // The language's own description where it fits a ZIM's; else `zim.description`.
        let own = source.description ?? ""
        let description = !own.isEmpty && own.count <= descriptionLimit ? own : spec?.description ?? own
        if description.isEmpty {
            missing("description", "Description (at most \(descriptionLimit) characters), or give the site one")
        } else if description.count > descriptionLimit {
            problems.append(
                .error(
                    SourceLocation(file: source.siteFile),
                    field: spec?.description == nil ? "description" : "zim.description",
                    "a ZIM's Description is at most \(descriptionLimit) characters, this has \(description.count);"
                        + " give zim.description one that fits"))
        }
        let iso3 = KnownLocales.iso6393(source.locale)
        if iso3 == nil {
            problems.append(
                .error(
                    SourceLocation(file: language == nil ? source.siteFile : "--language"), field: "locale",
                    "a ZIM's Language is an ISO 639-3 code, and ICU has none for the locale '\(source.locale)'"))
        }
        let png = checkedIllustration(spec?.illustration, bytes: illustration, source: source, problems: &problems)
        guard problems.isEmpty, let iso3, let png else { throw StageFailure(problems) }
        var texts = [
            ("Name", name), ("Title", source.title), ("Description", description), ("Language", iso3),
            ("Creator", creator), ("Publisher", publisher), ("Date", day),
        ]
        if let tags = spec?.tags, !tags.isEmpty { texts.append(("Tags", tags.joined(separator: ";"))) }
        return ZimMetadata(texts: texts.map { (name: $0.0, value: $0.1) }, illustration: png)
    }

    /// The illustration's bytes when they are a PNG of 48×48 pixels; else a problem naming `zim.illustration`.
    private static func checkedIllustration(
        _ path: String?, bytes: [UInt8]?, source: ZimSource, problems: inout [Diagnostic]
    ) -> [UInt8]? {
        let location = SourceLocation(file: source.siteFile)
        guard let path, !path.isEmpty else {
            problems.append(
                .error(
                    location, field: "zim.illustration",
                    "missing: a 48×48 PNG in the content folder, Kiwix's picture of the ZIM"))
            return nil
        }
        guard let bytes else {
            problems.append(.error(location, field: "zim.illustration", "cannot read '\(path)' in the content folder"))
            return nil
        }
        guard let size = PNGSize.of(bytes) else {
            problems.append(.error(location, field: "zim.illustration", "expected a PNG, and '\(path)' is not one"))
            return nil
        }
        guard size == (48, 48) else {
            problems.append(
                .error(
                    location, field: "zim.illustration",
                    "expected a PNG of 48×48 pixels, and '\(path)' is \(size.width)×\(size.height)"))
            return nil
        }
        return bytes
    }
}
