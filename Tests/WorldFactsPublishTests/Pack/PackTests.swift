import Foundation
import Testing
import ZIPFoundation

@testable import WorldFactsPack
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `worldfacts pack --zip`, read back with ZIPFoundation (an independent reader): a seeded site's every
/// published file under its path with its bytes, a README first, nothing the build did not publish; the
/// same bytes each time; an archive past ZIP's 65,535 entries; a failed pack that leaves nothing.
@Suite struct PackTests {
    /// A seeded site of titles in several scripts.
    func site(seed: UInt64, count: Int) throws -> String {
        var random = SplitMix(state: seed)
        let words = ["Ísland", "東京", "Zürich", "Αθήνα", "Москва", "القاهرة", "Lagos", "São Paulo"]
        let records = (0..<count).map { n in
            #"{"id":"r\#(n)","name":"\#(words[Int(random.next() % 8)]) \#(n)","size":\#(random.next() % 1000)}"#
        }
        let (root, _) = try buildSite(
            records: "[" + records.joined(separator: ",") + "]",
            siteYAML: """
                title: "Packed & <tested>"
                records: { file: records.json, key: id, title: name, pages: things }
                fields: [{ id: size, label: Size, format: integer }]

                """, files: [:])
        return root
    }

    /// Every entry of the archive at `path`, by name in its order, with its bytes.
    func entries(_ path: String) throws -> [(String, Data)] {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        return try archive.map { entry in
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            return (entry.path, data)
        }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func theZipHoldsThePublishedFilesAndAReadme(seed: UInt64) throws {
        let root = try site(seed: seed, count: 30 + Int(seed) * 17)
        defer { removeTemporary(root) }
        let output = root + "/Output"
        try "not the site's".write(toFile: output + "/stray.txt", atomically: true, encoding: .utf8)
        let files = try PublishedFiles(output: output)
        let onDisk = try FileSystem.disk.listFiles(output).filter {
            !$0.split(separator: "/").contains { $0.hasPrefix(".") } && $0 != "stray.txt" && $0 != "_headers"
        }
        #expect(files.paths == onDisk.sorted())
        #expect(files.paths.contains("index.html") && files.paths.contains { $0.hasPrefix("things/") })
        #expect(files.paths.contains { $0.hasPrefix("assets/") })
        let zip = root + "/site.zip"
        try ZipPack(destination: zip).write(
            from: output, files: files, readme: PackReadme.text(output: output))
        let read = try entries(zip)
        #expect(read.map(\.0) == ["README.txt"] + files.paths)
        for (name, data) in read.dropFirst() {
            #expect(data == Data(try FileSystem.disk.read(output + "/" + name)), "\(name)")
        }
        let readme = String(decoding: read[0].1, as: UTF8.self)
        #expect(readme.hasPrefix("Packed & <tested>\n"), "\(readme)")
        // The same site, packed again, is the same bytes; an existing file is kept unless replaced.
        let again = root + "/again.zip"
        try ZipPack(destination: again).write(from: output, files: files, readme: PackReadme.text(output: output))
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: zip)))
        #expect(throws: StageFailure.self) {
            try ZipPack(destination: again).write(from: output, files: files, readme: "")
        }
        try ZipPack(destination: again, replaces: true).write(from: output, files: files, readme: "other")
        #expect(try entries(again)[0].1 == Data("other".utf8))
    }

    /// A pack that fails while libzip reads the files (one became a folder) leaves the file it was to
    /// replace as it was, and no partial file beside it.
    @Test func aFailedPackLeavesTheFolderAsItWas() throws {
        let root = try site(seed: 3, count: 12)
        defer { removeTemporary(root) }
        let output = root + "/Output"
        let files = try PublishedFiles(output: output)
        let zip = root + "/packs/site.zip"
        try FileManager.default.createDirectory(atPath: root + "/packs", withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: zip))
        let page = try #require(files.paths.first { $0.hasPrefix("things/") })
        try FileManager.default.removeItem(atPath: output + "/" + page)
        try FileManager.default.createDirectory(atPath: output + "/" + page, withIntermediateDirectories: false)
        do {
            try ZipPack(destination: zip, replaces: true).write(from: output, files: files, readme: "")
            Issue.record("a pack of a folder in place of a page passed")
        } catch {
            #expect("\(error)".contains("\(zip): error: could not write the ZIP"), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/packs") == ["site.zip"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: zip)) == Data("earlier".utf8))
        #expect(throws: StageFailure.self) { _ = try PublishedFiles(output: root) }
    }

    /// More entries than ZIP's 16-bit count holds: the archive is ZIP64, and every entry reads back. A
    /// minute of making and reading 65,600 files: in `make test-full`.
    @Test(.enabled(if: TestSize.isFull)) func moreThan65535FilesPackAsZip64() throws {
        let root = makeTemporaryFolder()
        defer { removeTemporary(root) }
        let count = 65_600
        var paths: [String] = []
        for folder in 0..<(count / 400) {
            try FileManager.default.createDirectory(atPath: "\(root)/out/f\(folder)", withIntermediateDirectories: true)
            for file in 0..<400 {
                let path = "f\(folder)/\(file).html"
                try Data("\(folder).\(file)".utf8).write(to: URL(fileURLWithPath: "\(root)/out/\(path)"))
                paths.append(path)
            }
        }
        let zip = root + "/big.zip"
        try ZipPack(destination: zip).write(
            from: root + "/out", files: PublishedFiles(paths: paths.sorted()), readme: "r")
        let read = try entries(zip)
        #expect(read.count == paths.count + 1)
        #expect(read.map(\.0) == ["README.txt"] + paths.sorted())
        let sample = read.dropFirst().enumerated().filter { $0.offset % 997 == 0 }
        for (_, (name, data)) in sample {
            let parts = name.dropFirst().split(separator: "/")
            #expect(String(decoding: data, as: UTF8.self) == "\(parts[0]).\(parts[1].dropLast(5))", "\(name)")
        }
    }
}
