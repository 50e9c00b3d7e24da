import Captures
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Runner

/// Where a hung app was, when the instant it is stopped falls in code that keeps no frame pointer.
/// A loop that calls into a library routine is stopped there most of the time; the runtime's
/// backtrace then leaves the loop's own frame out, and only the return address on top of the stack
/// names it. RuleBookApp's `library` loop is stopped there by construction: nearly all its time is
/// spent inside `strlen` over 64 MiB, not by chance of timing.
@Suite(.serialized) struct HangInLibraryTests {
    /// The line of the loop (`RULEBOOK_HANG_ON_HOME=library`), read from RuleBookApp's source.
    static let loopLine: Int = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/RuleBookApp/RuleBookApp.swift")
        let lines = (try? String(contentsOf: source, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        return (lines.firstIndex { $0.contains("while strlen(text) > 0") } ?? -1) + 1
    }()

    /// A trace's registers and images, stopped at a routine's first instructions.
    static func trace(stack: String) -> String {
        """
        Thread 0 "app" crashed:

          0               0x00007f63d5ec13e1 swift_bridgeObjectRelease + 1 in libswiftCore.so
          1 [ra] [thunk]  0x0000559e7ffcd7e9 protocol witness for UIApplicationDelegate.applicationDidEnterBackground(_:) in conformance AppDelegate + 8 in app at //<compiler-generated>

        Registers:

        rsp 0x00007fff85b42b80  \(stack)  ················

        Images (19 omitted):

        0x0000559e7fd93000–0x0000559e80056600 c1cb2d0ee41dc242aa14cb8e5795995b458b09fb app /tmp/class/alice/app

        Backtrace took 0.15s
        """
    }

    @Test("The return address is the word on top of the stack, or the next one when the routine has just saved the frame pointer; never a word left over from earlier calls")
    func returnAddressOnTopOfTheStack() {
        let image = UInt64(0x0000_559e_7fd9_3000)...UInt64(0x0000_559e_8005_6600)
        // Nothing pushed yet: the first word is the return address.
        #expect(StackTopFrame.returnAddress(in: Self.trace(stack: "11 0d fd 7f 9e 55 00 00 a0 2b b4 85 ff 7f 00 00"), image: image) == 0x0000_559e_7ffd_0d11)
        // `push rbp` done: the first word is the caller's frame, on the stack just above; the second the return address.
        #expect(StackTopFrame.returnAddress(in: Self.trace(stack: "e0 2b b4 85 ff 7f 00 00 11 0d fd 7f 9e 55 00 00"), image: image) == 0x0000_559e_7ffd_0d11)
        // A register saved first, holding no stack address: the second word is whatever was left there.
        #expect(StackTopFrame.returnAddress(in: Self.trace(stack: "07 00 00 00 00 00 00 00 11 0d fd 7f 9e 55 00 00"), image: image) == nil)
        // An address outside the app's image names no frame of the app.
        #expect(StackTopFrame.returnAddress(in: Self.trace(stack: "e0 13 ec d5 63 7f 00 00 00 00 00 00 00 00 00 00"), image: image) == nil)
    }

    @Test("A hung app stopped inside a C routine, whose trace leaves the loop's frame out, is still placed at the loop's line, sandboxed or not",
          arguments: [false, true])
    func stoppedInALibraryRoutine(sandboxed: Bool) throws {
        if sandboxed { try #require(LaunchSandbox.isAvailable, "\(LaunchSandbox.unavailableReason ?? "")") }
        let folder = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("hang-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("container"), withIntermediateDirectories: true)
        chmod(folder.path, 0o711)
        defer { try? FolderTree.remove(folder) }
        let user = sandboxed && geteuid() == 0 ? try SandboxUser.lease() : nil
        defer { user?.killEveryProcess() }
        let (result, _) = try ScenarioRunTests().run("""
            launch
            press home
            """, environment: ["RULEBOOK_HANG_ON_HOME": "library"],
            container: folder.appendingPathComponent("container"), sandbox: sandboxed ? LaunchSandbox(userID: user?.id) : nil)
        #expect(result.stop == .hung, "\(result.steps.compactMap(\.message))")
        #expect(result.hang == HangLocation(function: "RuleBookAppDelegate.applicationDidEnterBackground(_:)", file: "RuleBookApp.swift", line: Self.loopLine),
                "\(result.steps.compactMap(\.message))")
    }
}
