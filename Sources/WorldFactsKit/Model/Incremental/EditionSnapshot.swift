import WorldFactsSupport

// How a language's edition of the content (`LanguageEdition`) is written into a build's snapshot and read
// back: as what it holds beyond the default's content, which the snapshot holds already. An edition is the
// default's records with, in each collection it translates (`languages: all`), its own titles and notes;
// its config is not written (a snapshot's language is read only for an edition whose config is the same).
extension Content {
    /// This edition's titles and notes of each collection it translates.
    public func writeTranslations(to writer: inout BinaryWriter) {
        writer.array(Array(collections.enumerated())) { writer, numbered in
            let (number, collection) = numbered
            let translated = config.collections[number].languages == .all
            writer.bool(translated)
            guard translated else { return }
            writer.strings(collection.records.map(\.title))
            writer.array(collection.notes) { writer, note in
                note.write(to: &writer)
            }
        }
    }

    /// The edition whose translations `writeTranslations` wrote, of this content (the default's, as the
    /// snapshot's build loaded it), with `config` (the edition's): malformed unless it translates the
    /// collections `config` says, a title for each record.
    public func edition(
        readingTranslationsFrom reader: inout BinaryReader, config: SiteConfig
    ) throws(BinaryReader.Malformed) -> Content {
        var edition = self
        edition.config = config
        edition.warnings = []
        guard try reader.count() == collections.count, config.collections.count == collections.count else {
            throw BinaryReader.Malformed(offset: reader.index)
        }
        for number in collections.indices {
            let translated = try reader.bool()
            guard translated == (config.collections[number].languages == .all) else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            guard translated else { continue }
            let titles = try reader.strings()
            guard titles.count == collections[number].records.count else {
                throw BinaryReader.Malformed(offset: reader.index)
            }
            for (position, title) in titles.enumerated() { edition.collections[number].records[position].title = title }
            edition.collections[number].notes = try reader.array { (reader) throws(BinaryReader.Malformed) in
                try Note.read(from: &reader)
            }
        }
        return edition
    }
}
