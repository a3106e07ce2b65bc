import ICUBridge
import Synchronization

/// A locale's collation, from ICU: the sort key of a text, and the section of ICU's alphabetic index a
/// title belongs to. Everything that is ordered or sectioned goes through one of these: the index and its
/// sections, the cuts of a large section, group values, text-sorted lists.
///
/// SAFETY: this type owns three ICU objects, opened in `init` and closed in `deinit`, never changed in
/// between. ICU documents a collator as safe to read from several threads at once (a sort key is a const
/// operation) and an immutable alphabetic index as thread-safe, so a `Collation` is `Sendable`. Each call
/// hands ICU a UTF-16 copy of the text and a buffer of the length it states, and reads back only the
/// length ICU reports within that buffer (worldfacts_icu.h states each function's contract).
public final class Collation: @unchecked Sendable {
    /// A section of the alphabetic index.
    public struct Bucket: Sendable, Hashable {
        public enum Kind: Int32, Sendable { case letter = 0, underflow, inflow, overflow }
        /// As ICU gives it: "A", "Å", "あ", or "…" for the buckets before, between and after the locale's
        /// letters.
        public var label: String
        public var kind: Kind
        /// Stable and ASCII, for anchors and file names: the label where it is ASCII letters ("A", "Ch"),
        /// else the bucket's number in the locale's index ("0" for the underflow bucket).
        public var name: String
    }

    /// The locale the collation was opened for, with its keywords (`en@colNumeric=yes`).
    public let locale: String
    /// The locale without the collation's keywords (`en`): what names and numbers are shown in.
    public var language: String { String(locale.prefix { $0 != "@" }) }
    /// The locale's buckets, in index order.
    public let buckets: [Bucket]
    private let collator: OpaquePointer
    private let primaryCollator: OpaquePointer
    private let index: OpaquePointer

    public struct OpenFailure: Error, CustomStringConvertible {
        public var locale: String
        public var code: Int32
        public var description: String { "ICU could not open the collation of '\(locale)' (error \(code))" }
    }

    public init(locale: String) throws(OpenFailure) {
        var status: Int32 = 0
        guard let collator = wf_collator_open(locale, 3, &status) else {
            throw OpenFailure(locale: locale, code: status)
        }
        guard let primary = wf_collator_open(locale, 1, &status) else {
            wf_collator_close(collator)
            throw OpenFailure(locale: locale, code: status)
        }
        guard let index = wf_alphabetic_index_open(locale, &status) else {
            wf_collator_close(collator)
            wf_collator_close(primary)
            throw OpenFailure(locale: locale, code: status)
        }
        self.locale = locale
        self.collator = collator
        self.primaryCollator = primary
        self.index = index
        var buckets: [Bucket] = []
        var label = [UInt16](repeating: 0, count: 64)
        for number in 0..<wf_alphabetic_index_bucket_count(index) {
            var kind: Int32 = 0
            let length = label.withUnsafeMutableBufferPointer {
                wf_alphabetic_index_label(index, number, $0.baseAddress, Int32($0.count), &kind)
            }
            let text = String(decoding: label[0..<Int(max(0, length))], as: UTF16.self)
            let asciiLetters =
                !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
            buckets.append(
                Bucket(
                    label: text, kind: Bucket.Kind(rawValue: kind) ?? .letter, name: asciiLetters ? text : "\(number)"))
        }
        self.buckets = buckets
    }

    deinit {
        wf_collator_close(collator)
        wf_collator_close(primaryCollator)
        wf_alphabetic_index_close(index)
    }

    /// The sort key of a text, with its final 0: keys compare with `ByteOrder.compare` as ICU compares the
    /// texts, at tertiary strength (letters, then accents, then case).
    public func sortKey(_ text: String) -> [UInt8] { Self.key(collator, text) }

    /// The sort key at primary strength: equal for texts that differ only in accents or case ("Ca", "Ça").
    public func primaryKey(_ text: String) -> [UInt8] { Self.key(primaryCollator, text) }

    /// The number of the bucket a title belongs to, in `buckets`.
    public func bucket(of title: String) -> Int {
        let units = Array(title.utf16)
        let number = units.withUnsafeBufferPointer {
            wf_alphabetic_index_bucket_of(index, $0.baseAddress, Int32($0.count))
        }
        return buckets.indices.contains(Int(number)) ? Int(number) : 0
    }

    private static func key(_ collator: OpaquePointer, _ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { units in
            var capacity = units.count * 3 + 16
            while true {
                var length = 0
                let key = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    length = Int(
                        wf_collator_sort_key(
                            collator, units.baseAddress, Int32(units.count), buffer.baseAddress, Int32(capacity)))
                    // ICU wrote the whole key only when it fit; otherwise nothing of it is kept.
                    initialized = length <= capacity ? length : 0
                }
                if length <= capacity { return key }
                capacity = length
            }
        }
    }

    private static let opened = Mutex<[String: Collation]>([:])

    /// The collation of a locale, opened once per process: opening reads ICU's data for it and builds its
    /// index, a few milliseconds each time a build would otherwise repeat. The locale is one the site's
    /// loader accepted (`KnownLocales`); should ICU still fail to open it, the root collation serves.
    public static func of(_ locale: String) -> Collation {
        if let known = opened.withLock({ $0[locale] }) { return known }
        let made: Collation
        do {
            made = try Collation(locale: locale)
        } catch {
            // The root locale is ICU's own data: without it, ICU is not installed whole.
            guard let root = try? Collation(locale: "root") else { fatalError("\(error); ICU's data is missing") }
            made = root
        }
        return opened.withLock { opened in
            if let known = opened[locale] { return known }
            opened[locale] = made
            return made
        }
    }
}
