import Foundation
import Synchronization
import Testing

@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport
@testable import WorldFactsWrite

/// A build that fails in its write step leaves Output byte-identical to before it started: a write, a
/// rename, a link, a removal or the journal fails at a seeded point of a rebuild that changes, adds and
/// removes files (and of a clean one), with the errors a disk gives (ENAMETOOLONG, EIO, ENOSPC, EACCES).
/// After each, every file is as it was, no journal, lock, staging or backup file is left, and the
/// message names the file and the error.
@Suite(.serialized) struct WriteFailureTests {
    /// The disk, but the `failAt`th change to the output folder (counting from 0) throws `reason`.
    final class FailingDisk: Sendable {
        let output: String
        let failAt: Int
        let reason: String
        let changes = Mutex(0)
        let failed = Mutex<String?>(nil)

        init(output: String, failAt: Int, reason: String) {
            self.output = output
            self.failAt = failAt
            self.reason = reason
        }

        /// Counts a change to a path in the output folder; throws at the chosen one.
        func change(_ path: String) throws {
            guard path.hasPrefix(output + "/") else { return }
            let number = changes.withLock { count in
                count += 1
                return count - 1
            }
            if number == failAt {
                failed.withLock { $0 = path }
                throw FileSystemError(path: path, message: reason)
            }
        }

        var fileSystem: FileSystem {
            var fs = FileSystem.disk
            let disk = FileSystem.disk
            fs.writeAtomically = { path, bytes in
                try self.change(path)
                try disk.writeAtomically(path, bytes)
            }
            fs.createNew = { path, bytes in
                try self.change(path)
                return try disk.createNew(path, bytes)
            }
            fs.link = { existing, new in
                try self.change(existing)
                return try disk.link(existing, new)
            }
            fs.move = { from, to in
                try self.change(to)
                try disk.move(from, to)
            }
            fs.append = { path, bytes in
                try self.change(path)
                try disk.append(path, bytes)
            }
            return fs
        }
    }

    static let reasons = ["File name too long", "Input/output error", "No space left on device", "Permission denied"]

    /// Every file below a folder, with its bytes, hidden ones included.
    func tree(_ folder: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            files[path] = isFolder.boolValue ? [] : (try? FileSystem.disk.read(folder + "/" + path)) ?? []
        }
        return files
    }

    /// The countries fixture, built once, then edited: a value changed (its page, its neighbours', the
    /// index and search shards), a record removed and one added.
    func project() throws -> (root: String, options: BuildOptions) {
        let root = makeTemporaryFolder("write-failure")
        try FileManager.default.copyItem(atPath: repoPath("Tests/Fixtures/countries"), toPath: root + "/Content")
        try FileManager.default.copyItem(atPath: repoPath("Templates"), toPath: root + "/Templates")
        let options = BuildOptions(
            content: root + "/Content", templates: root + "/Templates", output: root + "/Output")
        _ = try Builder().build(options)
        let path = root + "/Content/countries.json"
        let records = try readText(path)
            .replacingOccurrences(of: "\"name\": \"Iceland\"", with: "\"name\": \"Ísland\"")
            .replacingOccurrences(of: "\"code\": \"AD\"", with: "\"code\": \"XA\"")
        try records.write(toFile: path, atomically: true, encoding: .utf8)
        return (root, options)
    }

    func changes(_ options: BuildOptions, clean: Bool) throws -> Int {
        var options = options
        options.clean = clean
        let root = makeTemporaryFolder("write-count")
        defer { removeTemporary(root) }
        // Counted on a copy: the real output stays as the first build left it.
        try FileManager.default.copyItem(atPath: options.output, toPath: root + "/Output")
        let counted = FailingDisk(output: root + "/Output", failAt: .max, reason: "")
        options.output = root + "/Output"
        _ = try Builder(fileSystem: counted.fileSystem).build(options)
        return counted.changes.withLock { $0 }
    }

    @Test(arguments: [false, true])
    func aWriteThatFailsAnywhereLeavesOutputAsItWas(clean: Bool) throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        let total = try changes(options, clean: clean)
        #expect(total > 20)
        let before = tree(options.output)
        // Each point starts from the first build's folder: a build that went through changed it.
        let pristine = root + "/Pristine"
        try FileManager.default.copyItem(atPath: options.output, toPath: pristine)
        func restore() throws {
            try FileManager.default.removeItem(atPath: options.output)
            try FileManager.default.copyItem(atPath: pristine, toPath: options.output)
        }
        var random = SplitMix(state: clean ? 11 : 7)
        // The first and last changes, and seeded ones between.
        var points = [0, 1, total - 2, total - 1]
        for _ in 0..<12 { points.append(Int(random.next() % UInt64(total))) }
        for (number, point) in points.enumerated() {
            let reason = Self.reasons[number % Self.reasons.count]
            try restore()
            let disk = FailingDisk(output: options.output, failAt: point, reason: reason)
            var failing = options
            failing.clean = clean
            do {
                _ = try Builder(fileSystem: disk.fileSystem).build(failing)
                // Only what a build may fail to do and still be whole does not fail it: keep a stale file
                // aside (it stays, with a warning), or save the folders' stamps (saved after the build is).
                let failed = disk.failed.withLock { $0 } ?? ""
                #expect(
                    failed.hasSuffix(FolderStamps.fileName) || failed.hasSuffix(".worldfacts-old"),
                    "change \(point) of \(total) (\(failed)) did not fail the build")
                continue
            } catch {
                let failed = try #require(disk.failed.withLock { $0 })
                let message = error.diagnostics.map(\.description).joined(separator: "\n")
                #expect(message.contains(reason), "\(message)")
                #expect(message.contains((failed as NSString).lastPathComponent), "\(message) does not name \(failed)")
            }
            let after = tree(options.output)
            let added = Set(after.keys).subtracting(before.keys), gone = Set(before.keys).subtracting(after.keys)
            #expect(
                added.isEmpty && gone.isEmpty, "change \(point) of \(total) (\(reason)): \(added) added, \(gone) gone")
            for (path, bytes) in before where after[path] != bytes {
                Issue.record("change \(point) of \(total) (\(reason)) left \(path) changed")
            }
        }
        // And the build goes through once the disk does.
        try restore()
        var good = options
        good.clean = clean
        _ = try Builder().build(good)
        #expect(FileManager.default.fileExists(atPath: options.output + "/countries/xa.html"))
        #expect(!FileManager.default.fileExists(atPath: options.output + "/countries/ad.html"))
    }

    /// A stale file that cannot be removed is named in a warning and stays in the manifest, so that the
    /// next build, even one with no change to its sources, removes it.
    @Test func aStaleFileThatCannotBeRemovedIsAWarningAndTriedAgain() throws {
        let (root, options) = try project()
        defer { removeTemporary(root) }
        var stuck = FileSystem.disk
        stuck.move = { from, to in
            if to.hasSuffix(".ad.html.worldfacts-old") {
                throw FileSystemError(path: from, message: "Permission denied")
            }
            try FileSystem.disk.move(from, to)
        }
        let report = try Builder(fileSystem: stuck).build(options)
        let stale = options.output + "/countries/ad.html"
        #expect(
            report.warnings.map(\.description).contains {
                $0.hasPrefix(stale + ": warning: cannot remove this stale file:") && $0.contains("Permission denied")
            }, "\(report.warnings)")
        #expect(!report.write.removed.contains("countries/ad.html"))
        #expect(FileManager.default.fileExists(atPath: stale))
        #expect(try readText(options.output + "/" + Manifest.fileName).contains("countries/ad.html"))
        let next = try Builder().build(options)
        #expect(next.write.removed == ["countries/ad.html"])
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(!FileManager.default.fileExists(atPath: options.output + "/countries/.ad.html.worldfacts-old"))
    }
}
