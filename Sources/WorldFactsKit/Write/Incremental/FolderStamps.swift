import Foundation
import WorldFactsModel
import WorldFactsSupport

/// The output's folders as a build left them (`FolderStamp`: which folder, and when a name was last
/// added to it or removed from it), saved beside the manifest. The next build lists only the folders
/// whose stamp changed since to find the files missing from them (`MissingFiles`): the hundreds of
/// thousands of names of a large site's record pages' folder are not read and looked up on every rebuild.
///
/// A stamp is trusted only as far as it is checked:
/// - the file names the hash of the manifest it was saved with, so a stamp file left by another build
///   (one killed between the two saves) is not used;
/// - the folder is the same (device and inode: a folder removed and made again, or restored from a copy
///   that kept its times, is listed);
/// - a folder's time is taken only once the clock has moved past it (`settled`), so a name removed just
///   after the stamp was taken moves the time on;
/// - the output folder itself is always listed: the manifest, the journal and this file change it.
struct FolderStamps: Equatable {
    static let fileName = Bookkeeping.stamps
    /// How far past a folder's time the clock must be for a later change to show in it: a few ticks of
    /// the kernel's coarse clock, which file times come from.
    static let settle: Int64 = 20_000_000

    /// `BulkHash` of the manifest's bytes.
    var manifest: UInt64
    var stamps: [String: FolderStamp]

    /// The folders holding `paths` (relative to `output`), but the output folder itself, stamped once
    /// the clock has moved past every stamp's time; empty when the file system has no stamps. Without
    /// `waits`, a folder whose time the clock has not moved past yet is left out (listed by the next
    /// build), rather than waited for: for `watch`, whose next build does not list folders.
    static func taken(
        of paths: [String], in output: String, fileSystem: FileSystem, manifest: UInt64, waits: Bool = true
    ) -> FolderStamps {
        taken(folders: folders(of: paths), in: output, fileSystem: fileSystem, manifest: manifest, waits: waits)
    }

    /// The folders holding `paths`, but the output folder itself: found on every core for many paths (a
    /// build that did not keep the last one's folders goes through all of its paths).
    static func folders(of paths: [String]) -> Set<String> {
        let chunk = 1 << 16
        guard paths.count > chunk else { return folders(of: paths[...]) }
        return Parallel.map(paths.count, chunk: chunk) { folders(of: paths[$0]) }.reduce(into: []) { $0.formUnion($1) }
    }

    /// The folders holding `paths`, but the output folder itself.
    static func folders(of paths: some Sequence<String>) -> Set<String> {
        var folders = Set<String>()
        var last: [UInt8] = []
        for path in paths {
            // On the bytes: paths come folder by folder, and most are compared with the last folder only.
            let bytes = path.utf8
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let folder = bytes[..<slash]
            if !folder.elementsEqual(last) {
                last = Array(folder)
                folders.insert(String(decoding: last, as: UTF8.self))
            }
        }
        return folders
    }

    /// `folders` (relative to `output`) stamped, as `taken(of:in:fileSystem:manifest:waits:)` does.
    static func taken(
        folders: Set<String>, in output: String, fileSystem: FileSystem, manifest: UInt64, waits: Bool = true
    ) -> FolderStamps {
        func stamps() -> [String: FolderStamp] {
            var stamps: [String: FolderStamp] = [:]
            for folder in folders {
                if let stamp = fileSystem.folderStamp(joinPath(output, folder)) { stamps[folder] = stamp }
            }
            return stamps
        }
        var taken = stamps()
        let newest = taken.values.map(\.modified).max() ?? 0
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        if !waits {
            taken = taken.filter { $0.value.modified <= now - settle }
        } else if newest > now - settle {
            usleep(useconds_t(min(max(newest + settle - now, 0), settle) / 1_000))
            taken = stamps()
        }
        return FolderStamps(manifest: manifest, stamps: taken)
    }

    /// The folders whose stamp is as saved: their files are those the build that saved them left.
    func unchanged(in output: String, fileSystem: FileSystem) -> Set<String> {
        Set(
            stamps.compactMap { folder, stamp in
                fileSystem.folderStamp(joinPath(output, folder)) == stamp ? folder : nil
            })
    }

    /// `<manifest hash>` on the first line, then one line per folder: `<device> <inode> <time> <folder>`,
    /// numbers in hex.
    func encoded() -> [UInt8] {
        var text = Hex.text(manifest) + "\n"
        for (folder, stamp) in stamps.sorted(by: { $0.key < $1.key }) {
            text +=
                Hex.text(stamp.device) + " " + Hex.text(stamp.inode) + " "
                + Hex.text(UInt64(bitPattern: stamp.modified)) + " " + folder + "\n"
        }
        return Array(text.utf8)
    }

    /// What `encoded()` wrote; nil for anything else.
    init?(bytes: [UInt8]) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last?.isEmpty == true, let manifest = Hex.value(lines[0]) else { return nil }
        var stamps: [String: FolderStamp] = [:]
        for line in lines.dropFirst().dropLast() {
            let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let device = Hex.value(parts[0]), let inode = Hex.value(parts[1]),
                let modified = Hex.value(parts[2]), let folder = String(validating: parts[3], as: UTF8.self),
                OutputPath.isSafe(folder)
            else { return nil }
            stamps[folder] = FolderStamp(device: device, inode: inode, modified: Int64(bitPattern: modified))
        }
        self.init(manifest: manifest, stamps: stamps)
    }

    init(manifest: UInt64, stamps: [String: FolderStamp]) {
        self.manifest = manifest
        self.stamps = stamps
    }

    /// The folders of `output` unchanged since the build that saved `manifest` (its bytes) left them.
    static func unchanged(in output: String, manifest: [UInt8], fileSystem: FileSystem) -> Set<String> {
        guard let bytes = try? fileSystem.read(joinPath(output, fileName)), let saved = FolderStamps(bytes: bytes),
            saved.manifest == BulkHash.of(manifest)
        else { return [] }
        return saved.unchanged(in: output, fileSystem: fileSystem)
    }
}
