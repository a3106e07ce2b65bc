/// By path, its line in a build's order (`OutputWriter.PriorManifest.order`), kept from build to build by
/// a live model (`OutputWriter.leave`): an editing build finds the lines of the few entries it changes by
/// looking them up, not by comparing every path of the order with them.
///
/// A path keeps the number it was given when it was added: its line then, plus how many paths had been
/// removed before. Its line now is that number less the removed numbers below it. Removing a few paths
/// (the search shards an edit drops) so changes only theirs, not the numbers of the hundreds of thousands
/// of lines after them, which a table of lines would have to move down, or make again, on every such edit.
///
/// The numbers of a whole order (`base`) are not changed after they are made: the last build's lines are
/// kept for a build that fails, so changing them in place would copy them all. The few paths added and
/// removed since are kept beside them, until they outnumber an eighth of the base; then the numbers are
/// made again from the order.
///
/// Numbers are dense: every number below `count + removed.count` is a path's or a removed one's, so a path
/// added after the others has a number above every removed one.
struct OrderLines: Sendable, Equatable {
    private var base: [String: Int] = [:]
    /// The paths added since `base` was made, with their numbers.
    private var added: [String: Int] = [:]
    /// The paths of `base` removed since.
    private var gone = Set<String>()
    /// The numbers of every removed path, ascending.
    private var removed: [Int] = []

    /// How many paths: the first of the order.
    var count: Int { base.count - gone.count + added.count }

    /// The line of `path`, if it is one of the first `count` of the order.
    func line(of path: String) -> Int? {
        (added[path] ?? (gone.contains(path) ? nil : base[path])).map { $0 - removedBelow($0) }
    }

    /// The paths of `order` after the first `count`, which are those known already, added with their lines.
    mutating func add(_ order: [String]) {
        precondition(order.count >= count, "an order loses its paths through remove(_:)")
        let since = added.count + gone.count + removed.count + (order.count - count)
        if since > max(Self.keptBeside, base.count / 8) {
            self = OrderLines()
            base.reserveCapacity(order.count)
            for (line, path) in order.enumerated() { base[path] = line }
            return
        }
        for line in count..<order.count { added[order[line]] = line + removed.count }
    }

    /// `paths` are removed from the order, and the lines after them move up. A path not known is ignored.
    mutating func remove(_ paths: some Sequence<String>) {
        var numbers: [Int] = []
        for path in paths {
            if let number = added.removeValue(forKey: path) {
                numbers.append(number)
            } else if !gone.contains(path), let number = base[path] {
                gone.insert(path)
                numbers.append(number)
            }
        }
        guard !numbers.isEmpty else { return }
        removed = (removed + numbers).sorted()
    }

    /// How many paths may be added and removed since the base was made, in any case, before it is made again.
    static let keptBeside = 4_096

    /// How many of the removed numbers are below `number`.
    private func removedBelow(_ number: Int) -> Int {
        var (low, high) = (0, removed.count)
        while low < high {
            let middle = (low + high) / 2
            if removed[middle] < number { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
