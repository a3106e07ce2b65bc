/// Numbers distinct texts in the order they are first seen: an open addressing table of text numbers,
/// keyed by a hash of the units' values, each text kept as where it is in one buffer of units. The
/// planner numbers a bucket's suffixes so (scalars, `ShardPlanner.sorted`), and a bucket's records'
/// folded texts are numbered so before they are decoded (bytes, `DistinctTexts`). A dictionary keyed by
/// the texts hashed every scalar with SipHash and retained the scalars for every suffix, a large part
/// of a clean build's CPU.
struct TextInterner<Unit: TextUnit> {
    /// Where each distinct text starts in the buffer, and how many units it has, by number.
    private(set) var starts: [Int32] = []
    private(set) var counts: [Int32] = []
    /// A text number plus one in each slot, 0 where the slot is free.
    private var slots: [Int32]
    private let mask: Int

    /// Room for up to `capacity` distinct texts, with at least half the slots free.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        starts.reserveCapacity(capacity)
        counts.reserveCapacity(capacity)
    }

    var count: Int { starts.count }

    /// The number of the text of `count` units at `start` in `units`, numbering it if it is new.
    mutating func number(start: Int32, count: Int32, in units: [Unit]) -> Int {
        let text = Int(start)..<Int(start) + Int(count)
        var slot = Self.hash(units, text) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot] - 1)
            if counts[number] == count && Self.equal(units, Int(starts[number]), text) { return number }
            slot = (slot + 1) & mask
        }
        precondition(starts.count * 2 < slots.count, "more distinct texts than the table was made for")
        slots[slot] = Int32(starts.count + 1)
        starts.append(start)
        counts.append(count)
        return starts.count - 1
    }

    /// Whether the units from `other` on are those of `text`. By index: a slice of the units would retain
    /// and release their storage for every comparison.
    static func equal(_ units: [Unit], _ other: Int, _ text: Range<Int>) -> Bool {
        for offset in 0..<text.count where units[other + offset] != units[text.lowerBound + offset] { return false }
        return true
    }

    /// A hash of the units' values in `text` that spreads neighbouring texts over the slots.
    static func hash(_ units: [Unit], _ text: Range<Int>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for position in text {
            hash = (hash ^ UInt64(units[position].unitValue)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

/// What a text is made of, for `TextInterner`: Unicode scalars, or UTF-8 bytes.
protocol TextUnit: Equatable {
    var unitValue: UInt32 { get }
}

extension Unicode.Scalar: TextUnit {
    var unitValue: UInt32 { value }
}

extension UInt8: TextUnit {
    var unitValue: UInt32 { UInt32(self) }
}
