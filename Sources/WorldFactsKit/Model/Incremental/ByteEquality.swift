import WorldFactsSupport

// Byte-for-byte equality of what a page shows (`SameBytes`): what decides which pages are made again, and
// which records a snapshot copies from the last one, compares with these, never `==`.

extension FieldValue: SameBytes {
    /// The same kind of value with the same bytes; a decimal by its bits, so that -0 differs from 0.
    /// Each case is matched on its own: matching the pair copied both values (a retain and a release of
    /// each text, for every field of every record an edit compares).
    public func hasSameBytes(as other: FieldValue) -> Bool {
        switch self {
        case .missing:
            if case .missing = other { return true }
        case .text(let mine):
            if case .text(let theirs) = other { return mine.hasSameBytes(as: theirs) }
        case .integer(let mine):
            if case .integer(let theirs) = other { return mine == theirs }
        case .decimal(let mine):
            if case .decimal(let theirs) = other { return mine.bitPattern == theirs.bitPattern }
        case .list(let mine):
            if case .list(let theirs) = other { return mine.hasSameBytes(as: theirs) }
        }
        return false
    }
}

extension Record: SameBytes {
    /// The same key, title, line and values, byte for byte.
    public func hasSameBytes(as other: Record) -> Bool {
        line == other.line && key.hasSameBytes(as: other.key) && title.hasSameBytes(as: other.title)
            && values.hasSameBytes(as: other.values)
    }
}

extension Note: SameBytes {
    /// The same name, file and text, byte for byte.
    public func hasSameBytes(as other: Note) -> Bool {
        name.hasSameBytes(as: other.name) && file.hasSameBytes(as: other.file)
            && markdown.hasSameBytes(as: other.markdown)
    }
}
