import Synchronization
import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// In `watch` and `serve`: one language's index rows as earlier builds gave them to templates (a row's
/// context, `IndexRows.context`), each with what it was made of (`IndexRows.inputs`), by the root of the pages
/// that showed it, collection and record position. A row whose inputs are those it was made of is the same
/// row (the inputs are all that `IndexRows.row` reads), so a page takes it from here rather than formatting
/// its values again: an edit of one city makes its country's complete list again, in every language, and all
/// but one of that list's thousands of rows are kept. Rows of any build are kept, clean or edit, failed or
/// not: a row depends on its inputs only, never on the build that made it.
///
/// Bounded: once the rows kept reach `budget` bytes (as `bytes(of:)` counts them), a row of a record not
/// kept yet is not kept (one already kept is still replaced). A larger site keeps the rows it showed first.
public final class RowMemo: Sendable {
    let budget: Int
    private let state = Mutex(State())

    struct State {
        /// By page root, by collection.
        var pages: [String: [Rows]] = [:]
        var bytes = 0
    }

    /// A collection's rows as pages at one root show them.
    struct Rows {
        /// By record position: where its row is in `kept`, or -1.
        var slots: [Int32] = []
        var kept: [Kept] = []
    }

    struct Kept {
        var inputs: UInt64
        var context: TemplateValue
        var bytes: Int
    }

    /// 24 MB: every row of the shipped site's 34,258 cities as two kinds of page show them (about 9 MB
    /// each), and the first sixty thousand of a larger site.
    public init(budget: Int = 24 << 20) {
        self.budget = budget
    }

    /// The contexts of the rows at `positions` of `collection`, from a page at `root`, `inputs[n]` what the
    /// `n`th is made of: each one kept with those inputs, else from `make(position)`'s row, which is kept.
    func contexts(
        _ collection: Int, _ positions: [Int], root: String, inputs: [UInt64], make: (Int) -> IndexRow
    ) -> [TemplateValue] {
        var contexts = state.withLock { state in
            positions.indices.map { state.kept(root, collection, positions[$0], inputs: inputs[$0]) }
        }
        var made: [(number: Int, kept: Kept)] = []
        for number in contexts.indices where contexts[number] == nil {
            let row = make(positions[number])
            let context = IndexRows.context(row, root: root)
            contexts[number] = context
            made.append((number, Kept(inputs: inputs[number], context: context, bytes: Self.bytes(of: row))))
        }
        if !made.isEmpty {
            state.withLock { state in
                for (number, kept) in made { state.keep(kept, root, collection, positions[number], budget: budget) }
            }
        }
        return contexts.map { $0! }
    }

    /// How many rows are kept, and their bytes as counted (for tests).
    var count: (rows: Int, bytes: Int) {
        state.withLock { state in
            (state.pages.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.kept.count } }, state.bytes)
        }
    }

    /// A kept row's memory, about: its entries, its slot, and each of its texts too long to be held in
    /// place (a Swift string of up to 15 UTF-8 bytes needs no storage of its own). The page's root is in
    /// the link.
    static func bytes(of row: IndexRow) -> Int {
        [row.title, row.path, row.path, row.subtitle ?? "", row.detail ?? "", row.hreflang ?? ""].reduce(224) {
            bytes, text in
            let count = text.utf8.count
            return bytes + (count > 15 ? 32 + count : 0)
        }
    }
}

extension RowMemo.State {
    func kept(_ root: String, _ collection: Int, _ position: Int, inputs: UInt64) -> TemplateValue? {
        guard let pages = pages[root], collection < pages.count, position < pages[collection].slots.count else {
            return nil
        }
        let slot = Int(pages[collection].slots[position])
        guard slot >= 0, pages[collection].kept[slot].inputs == inputs else { return nil }
        return pages[collection].kept[slot].context
    }

    mutating func keep(_ kept: RowMemo.Kept, _ root: String, _ collection: Int, _ position: Int, budget: Int) {
        var rows = pages[root, default: []]
        pages[root] = nil  // the arrays changed in place, not copied
        while rows.count <= collection { rows.append(RowMemo.Rows()) }
        defer { pages[root] = rows }
        if position < rows[collection].slots.count, rows[collection].slots[position] >= 0 {
            let slot = Int(rows[collection].slots[position])
            bytes += kept.bytes - rows[collection].kept[slot].bytes
            rows[collection].kept[slot] = kept
            return
        }
        guard bytes + kept.bytes <= budget else { return }
        if position >= rows[collection].slots.count {
            rows[collection].slots += repeatElement(-1, count: position + 1 - rows[collection].slots.count)
        }
        rows[collection].slots[position] = Int32(rows[collection].kept.count)
        rows[collection].kept.append(kept)
        bytes += kept.bytes
    }
}

/// Every language's `RowMemo`, by the language's folder (the default's is ""), for as long as `watch` runs.
public final class RowMemos: Sendable {
    private let memos = Mutex<[String: RowMemo]>([:])

    public init() {}

    /// The memo of the language whose folder is `folder`, made the first time it is asked for.
    public func memo(of folder: String) -> RowMemo {
        memos.withLock { memos in
            if let memo = memos[folder] { return memo }
            let memo = RowMemo()
            memos[folder] = memo
            return memo
        }
    }
}

extension IndexRows {
    /// These rows, each page's taken from `memo` where their inputs are those they were made of, the others
    /// made and kept there (`contexts(_:_:root:inputs:)`).
    func keeping(_ memo: RowMemo) -> IndexRows {
        var rows = self
        rows.memo = (memo, inputsBase(configText: site.configText))
        return rows
    }

    /// `contexts(_:_:root:inputs:)` through `memo`: the inputs not given are hashed here.
    func remembered(
        _ memo: RowMemo, base: ContextFingerprint, _ collection: Int, _ positions: [Int], root: String,
        inputs: [UInt64]?
    ) -> [TemplateValue] {
        let inputs = positions.map { inputs?[$0] ?? self.inputs(collection, $0, base: base) }
        return memo.contexts(collection, positions, root: root, inputs: inputs) { row(collection, $0) }
    }
}
