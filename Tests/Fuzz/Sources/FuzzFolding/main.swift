import CFuzzerDriver
import Foundation
import WorldFactsModel
import WorldFactsSupport

/// Folding never crashes, is idempotent, and never leaves a combining mark or an uppercase letter.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let folded = Folding.fold(text)
    precondition(
        Folding.fold(folded) == folded, "fold is not idempotent for \(Array(text.unicodeScalars.map(\.value)))")
    for scalar in folded.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            preconditionFailure("a combining mark survived folding: \(Array(text.unicodeScalars.map(\.value)))")
        default: break
        }
    }
    _ = Folding.laterWordStarts(folded)
    return 0
}

var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzz(data!, size) })
