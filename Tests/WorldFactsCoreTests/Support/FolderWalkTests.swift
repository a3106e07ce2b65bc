import Foundation
import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `PosixFile.walk` against Foundation's directory enumerator, over seeded random trees: nested and hidden
/// folders and files, links to files, to folders (not followed) and to nowhere, files of random sizes.
@Suite struct FolderWalkTests {
    /// What Foundation's enumerator gives of a tree: by path, its kind, size and modification time.
    func enumerated(_ root: String) -> [String: (FolderEntry.Kind, UInt64, Double)] {
        var found: [String: (FolderEntry.Kind, UInt64, Double)] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let path = enumerator.nextObject() as? String {
            let attributes = enumerator.fileAttributes!
            let kind: FolderEntry.Kind
            switch attributes[.type] as? FileAttributeType {
            case .typeRegular?: kind = .file
            case .typeDirectory?: kind = .folder
            case .typeSymbolicLink?: kind = .link
            default: kind = .other
            }
            found[path] = (
                kind, (attributes[.size] as! NSNumber).uint64Value,
                (attributes[.modificationDate] as! Date).timeIntervalSince1970
            )
        }
        return found
    }

    @Test func givesWhatFoundationsEnumeratorGives() throws {
        var random = SplitMix(state: 2026_12_06)
        var entries = 0, links = 0
        for _ in 0..<20 {
            let root = makeTemporaryFolder("walk")
            defer { removeTemporary(root) }
            var folders = [""]
            for number in 0..<Int(random.next() % 40) {
                let parent = folders[Int(random.next() % UInt64(folders.count))]
                let name = (random.next() % 4 == 0 ? "." : "") + "e\(number)" + (random.next() % 5 == 0 ? " ü" : "")
                let path = parent.isEmpty ? name : parent + "/" + name
                switch random.next() % 6 {
                case 0, 1:
                    try FileManager.default.createDirectory(
                        atPath: root + "/" + path, withIntermediateDirectories: false)
                    folders.append(path)
                case 2:
                    // To a folder (maybe its own: a loop), to a file or to nowhere.
                    let target = [".", "nowhere", ".."].randomElement(using: &random)! + "/" + folders.last!
                    try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: target)
                    links += 1
                default:
                    let made = FileManager.default.createFile(
                        atPath: root + "/" + path, contents: Data(count: Int(random.next() % 3_000)))
                    #expect(made, "\(path)")
                }
            }
            let walked = try #require(PosixFile.walk(root))
            let model = enumerated(root)
            #expect(Set(walked.map(\.path)) == Set(model.keys))
            #expect(walked.count == model.count, "each entry once")
            for entry in walked {
                let (kind, size, modified) = try #require(model[entry.path])
                #expect(entry.kind == kind, "\(entry.path)")
                if kind == .file { #expect(entry.size == size, "\(entry.path)") }
                #expect(abs(entry.modified - modified) < 1e-5, "\(entry.path)")
            }
            entries += walked.count
        }
        #expect(entries > 200 && links > 20)
    }

    /// A folder that is not there, or is a file, cannot be walked.
    @Test func aFolderThatCannotBeReadIsNil() throws {
        let root = makeTemporaryFolder("walk")
        defer { removeTemporary(root) }
        #expect(PosixFile.walk(root + "/missing") == nil)
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data([1])))
        #expect(PosixFile.walk(root + "/file") == nil)
        let walked = try #require(PosixFile.walk(root))
        #expect(walked.map(\.path) == ["file"] && walked.map(\.kind) == [.file] && walked.map(\.size) == [1])
    }
}
