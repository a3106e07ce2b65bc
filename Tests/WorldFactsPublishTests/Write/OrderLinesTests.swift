import Testing
import WorldFactsOutput

@testable import WorldFactsModel
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// The lines a live model keeps of its order (`OrderLines`) are the order's, through removals anywhere and
/// additions at the end, past the point where its numbers start again; and an editing writer hands over
/// the lines and folders of the order it saved, after edits that drop files, add some in new folders and
/// remake a folder.
@Suite struct OrderLinesTests {
    /// Against the order itself: each path's line is its index, a removed or unknown path has none.
    @Test(arguments: [20_261_205, 11]) func linesFollowTheirOrderThroughRemovalsAndAdditions(seed: UInt64) {
        var random = SplitMix(state: seed)
        var order = (0..<3_000).map { "p/\($0).html" }
        var lines = OrderLines()
        lines.add(order)
        var next = order.count
        var removedEver: [String] = []
        for step in 0..<300 {
            let gone = Set(
                (0..<Int.random(in: 0...40, using: &random)).compactMap { _ in order.randomElement(using: &random) })
            lines.remove(Array(gone) + ["unknown/\(step).html"])
            order.removeAll { gone.contains($0) }
            removedEver += gone
            let added = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                next += 1
                return "q/\(next).html"
            }
            order += added
            lines.add(order)
            #expect(lines.count == order.count, "step \(step)")
            let sampled =
                step % 50 == 49
                ? Array(order.indices) : (0..<64).map { _ in order.indices.randomElement(using: &random)! }
            for line in sampled where lines.line(of: order[line]) != line {
                Issue.record(
                    "step \(step): \(order[line]) at \(line), said \(String(describing: lines.line(of: order[line])))")
                return
            }
            #expect(removedEver.suffix(100).allSatisfy { lines.line(of: $0) == nil }, "step \(step)")
        }
        // More were removed than the numbers keep: they started again on the way.
        #expect(removedEver.count > OrderLines.keptBeside)
    }

    /// Editing writers, one after another as `watch` runs them, each from what the last one left: the lines
    /// and folders it leaves are those of its order, which is the order of the manifest it saved.
    @Test func anEditingWriterLeavesTheLinesAndFoldersOfItsOrder() throws {
        var random = SplitMix(state: 64)
        let disk = MemoryDisk()
        let first = try OutputWriter(folder: "out", fileSystem: disk.fileSystem)
        var paths = (0..<400).map { "f\($0 % 7)/p\($0).html" } + (0..<60).map { "search/s\($0).json" }
        for path in paths { try first.write(OutputFile(path: path, text: path)) }
        _ = try first.finish()
        var left = first.leave()
        for step in 0..<25 {
            let writer = try OutputWriter(
                folder: "out", fileSystem: disk.fileSystem, editing: left, remaking: step % 5 == 4 ? ["search/"] : [])
            let pages = paths.filter { !$0.hasPrefix("search/") }
            let dropped = Set(
                (0..<Int.random(in: 0...6, using: &random)).map { _ in pages.randomElement(using: &random)! })
            let added = (0..<Int.random(in: 0...4, using: &random)).map { "new\(step % 3)/n\(step)-\($0).html" }
            let rewritten = (0..<3).map { _ in pages.randomElement(using: &random)! }.filter { !dropped.contains($0) }
            // A remade folder keeps only what is given again: half of its files.
            let search = paths.filter { $0.hasPrefix("search/") }
            let searchKept = step % 5 == 4 ? search.filter { _ in random.next() % 2 == 0 } : []
            for path in Set(rewritten) { try writer.write(OutputFile(path: path, text: "\(path) \(step)")) }
            for path in added + searchKept { try writer.write(OutputFile(path: path, text: path)) }
            writer.drop(Array(dropped))
            _ = try writer.finish()
            left = writer.leave()
            let searchGone = step % 5 == 4 ? Set(search).subtracting(searchKept) : []
            paths = paths.filter { !dropped.contains($0) && !searchGone.contains($0) } + added
            #expect(Set(left.order) == Set(paths), "step \(step)")
            for (line, path) in left.order.enumerated() where left.lines?.line(of: path) != line {
                Issue.record("step \(step): \(path) at \(line), said \(String(describing: left.lines?.line(of: path)))")
                return
            }
            #expect(dropped.allSatisfy { left.lines?.line(of: $0) == nil }, "step \(step)")
            #expect(left.folders?.isSuperset(of: FolderStamps.folders(of: left.order)) == true, "step \(step)")
            let read = try OutputWriter.readPrior(folder: "out", fileSystem: disk.fileSystem)
            #expect(read.order == left.order, "step \(step): the saved manifest's order")
        }
    }
}
