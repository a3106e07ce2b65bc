import Foundation
import PackagePlugin

/// Writes `BuiltInTemplateFiles.swift` into the build: every file of the repository's `Templates/` folder,
/// path and bytes in base64, sorted by path, for the binary to build a site with no templates folder of its
/// own (`BuiltInTheme`). `Templates/` stays the one source of the built-in set; `worldfacts templates
/// --export` writes it back out. It runs when a file of the set changed; it rewrites the file only when
/// a template changed, so an unchanged set compiles nothing again.
@main struct BuiltInTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "templates")
        let script = """
            set -e
            mkdir -p "$2"
            out="$2/BuiltInTemplateFiles.swift"
            tmp="$out.$$"
            {
              echo "// Generated from Templates/ by the BuiltInTemplates plugin; do not edit."
              echo "let builtInTemplateFiles: [(path: String, bytes: String)] = ["
              cd "$1/Templates"
              find . -type f ! -name '.*' | LC_ALL=C sort | while IFS= read -r file; do
                printf '    ("%s", "%s"),\\n' "$(printf '%s' "${file#./}" | base64 -w0)" "$(base64 -w0 < "$file")"
              done
              echo "]"
            } > "$tmp"
            if cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
            """
        // A build command, whose inputs are every file of Templates/ and the folders that hold them: SwiftPM
        // runs a prebuild command only when it plans the build again, which an edited template alone does not
        // make it do. A file added or removed changes its folder, an edit changes the file.
        let templates = context.package.directoryURL.appending(path: "Templates")
        var inputs: [URL] = [templates]
        if let walk = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil) {
            for case let url as URL in walk where !url.lastPathComponent.hasPrefix(".") { inputs.append(url) }
        }
        return [
            .buildCommand(
                displayName: "Embedding the built-in templates", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "templates", context.package.directoryURL.path, output.path],
                inputFiles: inputs, outputFiles: [output.appending(path: "BuiltInTemplateFiles.swift")])
        ]
    }
}
