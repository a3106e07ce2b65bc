import WorldFactsSupport

// Byte-for-byte equality of what a page shows (`String.hasSameBytes(as:)`): what decides which pages are
// made again, and which records a snapshot copies from the last one, compares with these, never `==`.

extension FieldValue {
    /// The same kind of value with the same bytes; a decimal by its bits, so that -0 differs from 0.
    public func hasSameBytes(as other: FieldValue) -> Bool {
        switch (self, other) {
        case (.missing, .missing): return true
        case (.text(let mine), .text(let theirs)): return mine.hasSameBytes(as: theirs)
        case (.integer(let mine), .integer(let theirs)): return mine == theirs
        case (.decimal(let mine), .decimal(let theirs)): return mine.bitPattern == theirs.bitPattern
        case (.list(let mine), .list(let theirs)): return mine.haveSameBytes(as: theirs)
        default: return false
        }
    }
}

extension Record {
    /// The same key, title, line and values, byte for byte.
    public func hasSameBytes(as other: Record) -> Bool {
        line == other.line && key.hasSameBytes(as: other.key) && title.hasSameBytes(as: other.title)
            && values.count == other.values.count
            && values.indices.allSatisfy { values[$0].hasSameBytes(as: other.values[$0]) }
    }
}

extension Note {
    /// The same name, file and text, byte for byte.
    public func hasSameBytes(as other: Note) -> Bool {
        name.hasSameBytes(as: other.name) && file.hasSameBytes(as: other.file)
            && markdown.hasSameBytes(as: other.markdown)
    }
}

extension Array where Element == Note {
    /// The same notes in the same order, byte for byte.
    public func haveSameBytes(as other: [Note]) -> Bool {
        count == other.count && indices.allSatisfy { self[$0].hasSameBytes(as: other[$0]) }
    }
}
