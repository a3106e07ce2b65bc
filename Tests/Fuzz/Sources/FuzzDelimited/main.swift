import CFuzzerDriver
import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

let config: SiteConfig = {
    let yaml = """
        title: Fuzz
        records: { file: r.csv, key: id, title: name }
        fields:
          - { id: population, format: integer, min: 0 }
          - { id: area, format: decimal }
          - { id: tags, format: list, separator: "|" }
          - { id: next, format: links }
        """
    return SiteConfigLoader(file: "site.yml").load(text: yaml).0!
}()

let loader = RecordsLoader(collection: config.collections[0], file: "r.csv")

/// The CSV/TSV reader on any bytes: records or diagnostics at a place in the file, never a crash; and cut
/// into parts read on their own (as a large file is read on every core), exactly what reading in order gives.
/// The first byte picks the separator and the number of parts.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let separator = data[0] & 1 == 0 ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    let parts = 2 + Int(data[0] >> 1) % 7
    let inOrder = loader.load(delimited: bytes, separator: separator, parts: 1)
    let inParts = loader.load(delimited: bytes, separator: separator, parts: parts)
    precondition(inOrder.0 == inParts.0, "the parts gave other records")
    precondition(inOrder.1 == inParts.1, "the parts gave other diagnostics")
    for diagnostic in inOrder.1 {
        precondition(diagnostic.location.file == "r.csv" && (diagnostic.location.line ?? 1) >= 1)
    }
    for record in inOrder.0 { precondition(!record.key.isEmpty && !record.title.isEmpty) }
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
