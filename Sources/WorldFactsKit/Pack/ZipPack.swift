import CLibzip
import Foundation
import WorldFactsSupport

/// `worldfacts pack --zip FILE`: a built site in one ZIP file that works from disk once unzipped
/// anywhere, its search included, since every link is relative. It holds the site's published files
/// (`PublishedFiles`) under their paths and a `README.txt` that says how to open it.
///
/// Written through libzip (Debian's libzip-dev), which reads each file when it closes the archive and
/// writes the central directory once, at the end (ZIP64 past 65,535 entries). ZIPFoundation, which the
/// tests read the archive back with, writes the whole central directory again at each entry it adds: a
/// pack's cost grew with the square of its files (docs/performance.md, "Measured reasons").
///
/// The file is written as `PackDestination` writes every pack: whole, or not at all. Entries are in path
/// order, with one fixed date, so the same site packs to the same bytes.
public struct ZipPack: Sendable {
    public var destination: String
    /// Whether an existing file at `destination` may be replaced.
    public var replaces: Bool
    var fileSystem: FileSystem

    /// The time every entry carries (2000-01-01 UTC): the same site gives the same ZIP, whenever it is packed.
    static let entryTime = 946_684_800
    /// Formats stored as they are: already compressed.
    static let stored: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "zip", "gz", "br", "woff2"]

    public init(destination: String, replaces: Bool = false, fileSystem: FileSystem = .disk) {
        self.destination = destination
        self.replaces = replaces
        self.fileSystem = fileSystem
    }

    /// Packs `files` of the folder `output`, and `readme` as `README.txt`; gives the bytes written.
    @discardableResult
    public func write(from output: String, files: PublishedFiles, readme: String) throws(StageFailure) -> Int {
        let place = PackDestination(path: destination, replaces: replaces, fileSystem: fileSystem)
        try place.write("ZIP") { partial in
            try ZipWriter.write(
                partial, readme: readme,
                entries: files.paths.filter { $0 != "README.txt" }.map { ($0, joinPath(output, $0)) },
                compressed: { !Self.stored.contains(Self.fileExtension($0)) }, time: Self.entryTime)
        }
        return place.size
    }

    static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }
}

/// The one use of libzip: an archive made at `path` from files on disk, each read when it is closed. The
/// README is a file too, written beside the archive and removed once it is closed, so no Swift storage is
/// ever handed to libzip to hold. A source that `zip_file_add` does not take is freed here; an archive that
/// fails to close is discarded, and its file removed by the caller.
enum ZipWriter {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func write(
        _ path: String, readme: String, entries: [(name: String, file: String)], compressed: (String) -> Bool,
        time: Int
    ) throws(Failure) {
        let readmeFile = path + ".README.txt"
        do {
            try readme.write(toFile: readmeFile, atomically: false, encoding: .utf8)
        } catch {
            throw Failure(description: "\(readmeFile): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: readmeFile) }
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw Failure(description: String(cString: zip_error_strerror(&error)))
        }
        do {
            for (name, file) in [("README.txt", readmeFile)] + entries {
                try add(archive, name, zip_source_file(archive, file, 0, 0), compressed: compressed(name), time: time)
            }
        } catch {
            zip_discard(archive)
            throw error
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw Failure(description: message)
        }
    }

    private static func add(
        _ archive: OpaquePointer, _ name: String, _ source: OpaquePointer?, compressed: Bool, time: Int
    ) throws(Failure) {
        guard let source else { throw Failure(description: "\(name): " + String(cString: zip_strerror(archive))) }
        let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw Failure(description: "\(name): " + String(cString: zip_strerror(archive)))
        }
        let entry = zip_uint64_t(index)
        let method = compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, entry, method, 0) == 0,
            zip_file_set_mtime(archive, entry, time_t(time), 0) == 0,
            zip_file_set_external_attributes(archive, entry, 0, zip_uint8_t(ZIP_OPSYS_UNIX), 0o100644 << 16) == 0
        else { throw Failure(description: "\(name): " + String(cString: zip_strerror(archive))) }
    }
}
