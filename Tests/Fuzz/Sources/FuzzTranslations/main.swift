import CFuzzerDriver
import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// Any text as a language's texts (`languages/<id>.yml`) and as a translation file of titles gives texts and
/// diagnostics, never a crash: the site they are checked against is the shipped one's shape.
let site = SiteConfigLoader(file: "site.yml").load(
    text: """
        title: T
        languages: [{ id: en }, { id: sv }]
        collections:
          - id: countries
            file: c.json
            key: code
            title: name
            fields: [{ id: code }, { id: continent }, { id: capital, format: link, collection: cities }]
            groups: [{ field: continent }]
            lists: [{ id: cities, from: cities, via: country }]
          - id: cities
            file: t.tsv
            key: id
            title: name
            fields: [{ id: id }, { id: country, format: link, collection: countries }]
        search: { all: All, scopes: [{ id: name, collection: countries, fields: [name] }] }
        """
).0!

func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    _ = LanguageTextsReader(file: "languages/sv.yml", config: site).read(text: text)
    let (titles, problems) = TitleTranslations.read(text, file: "names.tsv", keys: ["a", "b", "CH"], collection: "c")
    precondition(titles.keys.allSatisfy { ["a", "b", "CH"].contains($0) })
    precondition(problems.allSatisfy { $0.location.line ?? 1 >= 1 })
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
