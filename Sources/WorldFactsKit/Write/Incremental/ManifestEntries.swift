/// A manifest's entries by path: a dictionary that a build changes in a few places without copying it.
///
/// A live build (`watch`, `serve`) starts from the last build's manifest, which the live model keeps
/// until the new build has succeeded, and changes a dozen of its entries. With a plain dictionary the
/// first change copied all of them, and freed the old copy, on every edit. Here the entries live in
/// shared storage; a change made while the storage is shared goes into a small overlay instead, and is
/// folded into the storage when the storage is this value's alone, or when the overlay has grown to an
/// eighth of it (then the storage is copied once).
///
/// A manifest read from its file keeps its entries in its text (`ManifestIndex`), decoded when asked
/// for; that storage is never changed in place, so every change goes into the overlay.
public struct ManifestEntries: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Entry = Manifest.Entry

    /// Changed only when uniquely referenced (`isKnownUniquelyReferenced`), so never while another
    /// thread reads it.
    final class Storage: @unchecked Sendable {
        var entries: [String: Entry]
        /// When there is one, the entries are its lines', and `entries` is empty.
        let index: ManifestIndex?
        init(_ entries: [String: Entry]) {
            self.entries = entries
            index = nil
        }
        init(index: ManifestIndex) {
            entries = [:]
            self.index = index
        }

        subscript(path: String) -> Entry? {
            if let index { return index.entry(for: path) }
            return entries[path]
        }
        var count: Int { index?.count ?? entries.count }
    }

    private var storage: Storage
    /// Changes over `storage`: a path's entry, or nil for a path removed.
    private var overlay: [String: Entry?] = [:]
    public private(set) var count: Int

    public init(_ entries: [String: Entry] = [:]) {
        storage = Storage(entries)
        count = entries.count
    }

    /// The entries of a manifest's text, as `index` finds them.
    init(index: ManifestIndex) {
        storage = Storage(index: index)
        count = index.count
    }

    public init(dictionaryLiteral elements: (String, Entry)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// The index of the manifest text these entries were read from, when they were (`ManifestIndex`):
    /// it finds each path's line in that text, whatever was changed since.
    var textIndex: ManifestIndex? { storage.index }

    /// How many entries the storage has room for without growing.
    public var capacity: Int { storage.index?.count ?? storage.entries.capacity }

    public subscript(path: String) -> Entry? {
        get {
            if !overlay.isEmpty, let changed = overlay[path] { return changed }
            return storage[path]
        }
        set {
            if let newValue { updateValue(newValue, forKey: path) } else { removeValue(forKey: path) }
        }
    }

    /// Sets `path`'s entry; gives the one it replaced.
    @discardableResult
    public mutating func updateValue(_ entry: Entry, forKey path: String) -> Entry? {
        let old: Entry?
        if makeStorageWritable() {
            old = storage.entries.updateValue(entry, forKey: path)
        } else {
            old = self[path]
            overlay.updateValue(entry, forKey: path)
            foldIfLarge()
        }
        if old == nil { count += 1 }
        return old
    }

    /// Removes `path`'s entry; gives it.
    @discardableResult
    public mutating func removeValue(forKey path: String) -> Entry? {
        let old: Entry?
        if makeStorageWritable() {
            old = storage.entries.removeValue(forKey: path)
        } else {
            old = self[path]
            if old != nil {
                overlay.updateValue(nil, forKey: path)
                foldIfLarge()
            }
        }
        if old != nil { count -= 1 }
        return old
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        if makeStorageWritable() {
            storage.entries.reserveCapacity(minimumCapacity)
        }
    }

    /// Every path, in no order.
    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        for (key, _) in self { keys.append(key) }
        return keys
    }

    /// The entries as a plain dictionary.
    public var dictionary: [String: Entry] {
        guard storage.index == nil else {
            var entries: [String: Entry] = [:]
            entries.reserveCapacity(count)
            for (path, entry) in self { entries[path] = entry }
            return entries
        }
        guard !overlay.isEmpty else { return storage.entries }
        var entries = storage.entries
        Self.apply(overlay, to: &entries)
        return entries
    }

    /// Whether the storage may be changed in place: it is this value's alone. The overlay, if any, is
    /// folded into it first.
    private mutating func makeStorageWritable() -> Bool {
        guard storage.index == nil, isKnownUniquelyReferenced(&storage) else { return false }
        if !overlay.isEmpty {
            Self.apply(overlay, to: &storage.entries)
            overlay = [:]
        }
        return true
    }

    /// Copies the storage with the overlay folded in, once the overlay holds an eighth as many paths.
    private mutating func foldIfLarge() {
        guard overlay.count > Swift.max(Self.smallestFold, storage.count / 8) else { return }
        storage = Storage(dictionary)
        overlay = [:]
    }

    /// Below this many changes the overlay is never folded by copying.
    static let smallestFold = 1_024

    private static func apply(_ overlay: [String: Entry?], to entries: inout [String: Entry]) {
        for (path, entry) in overlay {
            if let entry { entries[path] = entry } else { entries.removeValue(forKey: path) }
        }
    }

    /// Equal when they hold the same paths with the same entries. Two values that share their storage
    /// (a build's manifest and the one it started from) differ only where their overlays do.
    public static func == (lhs: ManifestEntries, rhs: ManifestEntries) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.storage === rhs.storage {
            return lhs.overlay.keys.allSatisfy { lhs[$0] == rhs[$0] }
                && rhs.overlay.keys.allSatisfy { lhs[$0] == rhs[$0] }
        }
        // Same count, and every entry of one is in the other: the same entries.
        return lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    public func makeIterator() -> Iterator {
        Iterator(
            stored: storage.entries.makeIterator(), index: storage.index, lines: 0..<(storage.index?.count ?? 0),
            overlay: overlay, changed: overlay.makeIterator())
    }

    /// The stored entries the overlay leaves as they are (a dictionary's, or an index's in the order of
    /// its lines), then the overlay's.
    public struct Iterator: IteratorProtocol {
        var stored: [String: Entry].Iterator
        let index: ManifestIndex?
        var lines: Range<Int>
        let overlay: [String: Entry?]
        var changed: [String: Entry?].Iterator

        public mutating func next() -> (key: String, value: Entry)? {
            while let element = stored.next() {
                if overlay.isEmpty || overlay[element.key] == nil { return element }
            }
            if let index {
                while let line = lines.popFirst() {
                    let path = index.path(at: line)
                    if overlay.isEmpty || overlay[path] == nil { return (path, index.entry(at: line)) }
                }
            }
            while let (key, entry) = changed.next() {
                if let entry { return (key, entry) }
            }
            return nil
        }
    }

    public var underestimatedCount: Int { count }
}
