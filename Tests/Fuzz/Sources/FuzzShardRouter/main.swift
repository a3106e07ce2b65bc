import CFuzzerDriver
import Foundation
import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// Lines of the input are record keys. With a tiny shard budget, every prefix of every key's word
/// starts must route to a leaf that holds its record, or to the preview of exactly that prefix, whose
/// total counts every record that matches it and which holds the first of them, as many as it previews
/// (a record whose key ends there is counted, and shown if it is among the first: no shard below holds it).
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let texts = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64).map { line -> [String] in
        let folded = Folding.fold(String(line))
        return folded.isEmpty ? [] : [folded]
    }
    let keys = SearchKeys(texts: texts)
    let plans = ShardPlanner(budget: 40, previewSize: 2).plan(
        keys: keys, entrySize: texts.map { $0.reduce(8) { $0 + $1.utf8.count } })
    let router = ShardRouter(plans: plans)
    let byPrefix = Dictionary(plans.map { ($0.prefix, $0) }, uniquingKeysWith: { first, _ in first })
    precondition(byPrefix.count == plans.count, "two shards share a prefix")
    let starts = texts.map { $0.flatMap { [Substring($0)] + Folding.laterWordStarts($0) } }
    for (record, recordTexts) in texts.enumerated() {
        for key in recordTexts {
            for start in [Substring(key)] + Folding.laterWordStarts(key) {
                var prefix = ""
                for scalar in start.unicodeScalars {
                    prefix.unicodeScalars.append(scalar)
                    switch router.route(prefix) {
                    case .leaf(let shard):
                        precondition(
                            byPrefix[shard]!.records.contains(record), "record \(record) missing for '\(prefix)'")
                    case .preview(let shard):
                        precondition(shard == prefix, "'\(prefix)' routes to the preview of '\(shard)'")
                        let plan = byPrefix[shard]!
                        // By scalars, as the script compares: `hasPrefix` compares characters, and "n" and a
                        // jamo after it are one character, which "n" followed by the first jamo is not.
                        let matching = Set(
                            starts.indices.filter {
                                starts[$0].contains { $0.unicodeScalars.starts(with: shard.unicodeScalars) }
                            })
                        precondition(
                            plan.total == matching.count, "'\(shard)' counts \(plan.total) of \(matching.count)")
                        precondition(plan.records.count == min(2, plan.total) && matching.isSuperset(of: plan.records))
                    case .none: preconditionFailure("'\(prefix)' of record \(record) routes nowhere")
                    }
                }
            }
        }
    }
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
