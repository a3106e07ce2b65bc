import Synchronization
import WorldFactsModel

/// The entry heads (`ShardEntry.appendHead`) an update of the index has made, by record position, for the
/// rest of the update. Planning a leaf sizes every entry of it, and writing the leaf's file appends them
/// again: each time from the record's index row, whose text and page path are made anew. A time zone's
/// leaf holds every city of the zone, so an edit made those rows twice. A first build makes every head
/// once beforehand instead (`EntryHeads`).
final class LazyEntryHeads: Sendable {
    private let heads = Mutex<[Int: [UInt8]]>([:])

    /// The head of the record at `position`, whose number is `number` (`SearchNumbers`), made from `row()`
    /// the first time it is asked for.
    func head(_ position: Int, number: @autoclosure () -> String, row: () -> IndexRow) -> [UInt8] {
        if let made = heads.withLock({ $0[position] }) { return made }
        var head: [UInt8] = []
        ShardEntry.appendHead(number: number(), row: row(), to: &head)
        heads.withLock { $0[position] = head }
        return head
    }

    /// How many heads are kept (tests).
    var count: Int { heads.withLock { $0.count } }
}
