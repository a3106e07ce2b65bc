import CFuzzerDriver
import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

let config: SiteConfig = {
    let yaml = """
        title: Fuzz
        records: { file: r.json, key: id, title: name }
        fields:
          - { id: capital, format: text }
          - { id: population, format: integer, min: 0 }
          - { id: area, format: decimal }
          - { id: tags, format: list }
          - { id: next, format: links }
        """
    return SiteConfigLoader(file: "site.yml").load(text: yaml).0!
}()

/// Any bytes give records or diagnostics, never a crash; every diagnostic has a location in the file.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (records, diagnostics) = RecordsLoader(collection: config.collections[0], file: "r.json").load(bytes: bytes)
    precondition(records.isEmpty || diagnostics.contains { $0.severity == .error } || !records.isEmpty)
    for diagnostic in diagnostics { precondition(diagnostic.location.file == "r.json") }
    for record in records {
        precondition(!record.key.isEmpty && !record.title.isEmpty)
        _ = Slug.make(from: record.key).map { slug in
            precondition(slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") })
        }
    }
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
