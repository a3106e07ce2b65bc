import CFuzzerDriver
import Foundation
import WorldFactsLoad
import WorldFactsModel
import WorldFactsSupport

/// Any text as site.yml gives a configuration or diagnostics, never a crash.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let (config, diagnostics) = SiteConfigLoader(file: "site.yml").load(text: text)
    precondition((config == nil) == diagnostics.contains { $0.severity == .error })
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
