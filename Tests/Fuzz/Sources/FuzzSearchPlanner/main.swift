import CFuzzerDriver
import Foundation
import WorldFactsModel
import WorldFactsSearch
import WorldFactsSupport

/// Long and odd texts through the planner. The first byte repeats each line up to some thousands of
/// times, so the fuzzer reaches texts far longer than its inputs; the rest are the lines, one record
/// each. The planner must end (libFuzzer's time limit catches one that does not), keep every prefix, and
/// so every file name, within `SearchKeys.maxKeyBytes`, and route every prefix of every key, longer than
/// a key keeps too, to a shard that holds its record or to a preview that counts it.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let repeats = 1 + Int(data[0]) * Int(data[0]) / 8
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let texts = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(32).map { line -> [String] in
        let folded = Folding.fold(String(repeating: String(line) + " ", count: repeats))
        return folded.isEmpty ? [] : [folded]
    }
    let keys = SearchKeys(texts: texts)
    let plans = ShardPlanner(budget: 200, previewSize: 2).plan(
        keys: keys, entrySize: texts.map { $0.reduce(8) { $0 + $1.utf8.count } })
    for plan in plans {
        precondition(plan.prefix.utf8.count <= SearchKeys.maxKeyBytes, "a prefix of \(plan.prefix.utf8.count) bytes")
        // `l-`/`p-` and the prefix's bytes in hex.
        precondition(2 + 2 * plan.prefix.utf8.count <= 130, "a shard name over its bound")
    }
    let router = ShardRouter(plans: plans)
    let byPrefix = Dictionary(plans.map { ($0.prefix, $0) }, uniquingKeysWith: { first, _ in first })
    precondition(byPrefix.count == plans.count, "two shards share a prefix")
    for (record, recordTexts) in texts.enumerated() {
        for key in recordTexts {
            // The whole text and up to 40 of its later word starts (a long text has thousands), each at
            // prefix lengths around the key's bound: routing a prefix of n scalars costs n² here.
            let later = Folding.laterWordStarts(key)
            let step = max(1, later.count / 40)
            let starts = [Substring(key)] + stride(from: 0, to: later.count, by: step).map { later[$0] }
            for start in starts {
                let scalars = Array(start.unicodeScalars.prefix(2 * SearchKeys.maxKeyBytes))
                for length in [1, 2, 3, 5, 8, 16, 21, 32, 63, 64, 65, 100, 128] where length <= scalars.count {
                    let prefix = String(String.UnicodeScalarView(scalars[..<length]))
                    switch router.route(prefix) {
                    case .leaf(let shard):
                        precondition(byPrefix[shard]!.records.contains(record), "record \(record) missing")
                    case .preview(let shard):
                        let plan = byPrefix[shard]!
                        precondition(plan.records.count <= 2 && plan.total >= 1)
                    case .none: preconditionFailure("a prefix of record \(record) routes nowhere")
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
