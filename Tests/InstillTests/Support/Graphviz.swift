import Foundation

/// Runs Graphviz's `dot`, when it is installed.
enum Graphviz {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// `dot -Tsvg` of `source`, or `nil` when `dot` is not on the PATH.
    static func render(_ source: String) throws -> Result? {
        guard let executable else { return nil }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "instill-\(UUID().uuidString).dot")
        try source.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: svg, as: UTF8.self),
            errors: String(decoding: messages, as: UTF8.self))
    }
}
