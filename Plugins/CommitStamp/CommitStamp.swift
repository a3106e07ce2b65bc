import Foundation
import PackagePlugin

/// Writes `BuildStamp.swift` into the build: the commit the package was built from (`git rev-parse`), with
/// `+changes` when the work tree differs from it, or `unknown` outside a git checkout, for
/// `worldfacts --version`. A prebuild command runs before every build; it rewrites the file only when the
/// commit changed, so an unchanged stamp compiles nothing again.
@main struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "stamp")
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
            if [ "$commit" != unknown ] && ! git -C "$1" diff --quiet HEAD 2>/dev/null; then
              commit="$commit+changes"
            fi
            mkdir -p "$2"
            text="let buildCommit = \\"$commit\\""
            [ "$(cat "$2/BuildStamp.swift" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2/BuildStamp.swift"
            """
        return [
            .prebuildCommand(
                displayName: "Stamping the commit", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
