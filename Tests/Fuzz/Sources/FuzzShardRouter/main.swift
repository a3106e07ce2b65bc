import CFuzzerDriver
import Foundation
import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// Lines of the input are record keys. With a tiny shard budget, every prefix of every key's word
/// starts must route to a shard that holds its record, or to a preview whose total counts it and that holds
/// its first records and every record with a key that ends there (no shard below it holds those).
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
                        let plan = byPrefix[shard]!
                        let ending = Set(
                            texts.indices.filter { other in
                                texts[other].contains {
                                    $0 == shard || Folding.laterWordStarts($0).contains { $0 == shard }
                                }
                            })
                        precondition(ending.isSubset(of: plan.records), "a record ending at '\(shard)' is not shown")
                        precondition(plan.records.count <= 2 + ending.count && plan.total >= plan.records.count)
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
