import Foundation
import Testing
import WorldFactsLoad
import WorldFactsModel

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// Random strings folded by the Swift code and by the JavaScript of the search script, as the build joins
/// it from Templates/assets/search/ (run with node), must agree. Strings mix the scripts and characters that
/// folding treats specially.
@Suite struct DifferentialFoldingTests {

    static let ranges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x17F, 0x180...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF,
        0x1F00...0x1FFE, 0x2000...0x206F, 0x2150...0x218B, 0x2460...0x24FF, 0xFB00...0xFB06, 0xFF01...0xFF5E,
        0x3040...0x30FF, 0xAC00...0xAC40, 0x4E00...0x4E40, 0x1F300...0x1F64F, 0x1D400...0x1D4FF, 0x0590...0x05FF,
        0x0900...0x097F, 0x0E00...0x0E5B,
    ]
    static let special: [Unicode.Scalar] = [
        "ß", "ẞ", "æ", "Æ", "œ", "Œ", "ø", "Ø", "ł", "Ł", "đ", "Đ", "ð", "Ð", "þ", "Þ",
        "ı", "İ", "ħ", "Ħ", "ŧ", "Ŧ", "Σ", "ς", "σ", "ﬁ", "ǅ", "ŉ", " ", "'", "-",
    ]

    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(state: seed)
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                if Bool.random(using: &generator), let scalar = special.randomElement(using: &generator) {
                    text.append(scalar)
                    continue
                }
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.append(scalar) }
            }
            return String(text)
        }
    }

    @Test func swiftAndJavaScriptFoldAlike() throws {
        let inputs = Self.randomStrings(count: 5_000, seed: 20_261_122)
        let folder = makeTemporaryFolder("fold")
        defer { removeTemporary(folder) }
        let inputPath = folder + "/inputs.json"
        try JSONSerialization.data(withJSONObject: inputs).write(to: URL(fileURLWithPath: inputPath))
        let script = """
            const fs = require('fs');
            new Function(fs.readFileSync(process.argv[1], 'utf8'))();
            const inputs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
            process.stdout.write(JSON.stringify(inputs.map(globalThis.WorldFactsSearch.fold)));
            """
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let scriptPath = folder + "/search.js"
        let joined = try #require(try ThemeLoader(folder: repoPath("Templates")).load().assets["search.js"])
        try Data(joined).write(to: URL(fileURLWithPath: scriptPath))
        node.arguments = ["node", "-e", script, scriptPath, inputPath]
        let output = Pipe()
        node.standardOutput = output
        try node.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        node.waitUntilExit()
        #expect(node.terminationStatus == 0, "node is needed for this test: make test installs it")
        let folded = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        #expect(folded.count == inputs.count)
        var disagreements: [String] = []
        for (input, javascript) in zip(inputs, folded) where Folding.fold(input) != javascript {
            disagreements.append(
                input.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " "))
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g. \(disagreements.prefix(5))")
    }
}
