import Captures
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Runner

/// Reading where a hung app was from the runtime's backtrace, as `swift-backtrace` prints it.
@Suite struct HangLocationTests {
    static let trace = """
        *** Program crashed: Aborted at 0x0000fffe00000000 ***

        Thread 0 "app" crashed:

          0               0x000055ee61142fe0 _init + 2536 in app
          1 [ra]          0x000055ee6120d57f StatePreserver.preserve(_:at:) + 1790 in app at /tmp/class/package/Engine/RestorationKit/Restoration/StatePreserver.swift:114:18
          2 [ra] [thunk]  0x000055ee61142ac9 protocol witness for UIApplicationDelegate.applicationDidEnterBackground(_:) in conformance AppDelegate + 8 in app at //<compiler-generated>
          3 [ra]          0x000055ee6117344c closure #1 in ReminderViewController.viewDidLoad() + 267 in app at /tmp/class/package/Students/alice/ReminderViewController.swift:41:35
          4 [ra]          0x000055ee6117355c Array.count.getter + 11 in app at /home/build-user/swift/stdlib/public/core/Array.swift:41:35
          5 [ra] [system] 0x000055ee612af553 static AppDelegate.$main() + 34 in app at //<compiler-generated>

        Registers:

        rsp 0x00007ffda284dfa8  c8 0c 29 2e 81 55 00 00 00 00 00 00 00 00 00 00  ········

        Images (19 omitted):

        0x000055ee61000000–0x000055ee61300000 c97ef96837c1b261c097e72fff8d1ab8c7fd82a1 app /tmp/class/alice/app

        Backtrace took 0.15s
        """

    @Test("The first frame of the app's own code is named: not a library, the engine, compiler-generated code or the standard library")
    func firstAppFrame() {
        #expect(HangLocation.first(inBacktrace: Self.trace)
            == HangLocation(function: "closure #1 in ReminderViewController.viewDidLoad()", file: "ReminderViewController.swift", line: 41))
        #expect(HangLocation.first(inBacktrace: Self.trace)?.description == "hung in closure #1 in ReminderViewController.viewDidLoad() at ReminderViewController.swift:41")
    }

    @Test("Stopped outside the app's code, the return address on top of the stack and the app's load address are read")
    func stackTop() {
        let frames = BacktraceFrame.stoppedThread(in: Self.trace)
        #expect(frames.count == 6)
        #expect(frames[0].path == nil && frames[0].image == "app", "a call's stub: no source location")
        #expect(!frames[1].isAppCode && !frames[2].isAppCode && frames[3].isAppCode && !frames[4].isAppCode)
        #expect(StackTopFrame.returnAddress(in: Self.trace) == 0x0000_5581_2e29_0cc8)
        #expect(StackTopFrame.imageStart(of: URL(fileURLWithPath: "/tmp/class/alice/app"), in: Self.trace) == 0x0000_55ee_6100_0000)
        #expect(StackTopFrame.imageStart(of: URL(fileURLWithPath: "/tmp/class/bob/app"), in: Self.trace) == nil)
    }

    @Test("A frame of the app's code the debug information gives no line keeps its path, so its line can be looked up")
    func framewithoutLine() throws {
        let frame = try #require(BacktraceFrame("  1 [ra] [system] 0x000055d0ed25222b HypnosisView.encodeRestorableState(with:) + 250 in app at /c/Students/alice/HypnosisView.swift"))
        #expect(frame.address == 0x0000_55d0_ed25_222b && frame.function == "HypnosisView.encodeRestorableState(with:)")
        #expect(frame.isAppCode && frame.line == nil && frame.location == nil)
    }

    @Test("The trace file is never read through a link the app left in its container, nor when it is a pipe")
    func traceFileNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hang-stack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("someone-else.txt")
        try Data(Self.trace.utf8).write(to: secret)
        let file = HangStack.file(in: folder.appendingPathComponent("container"))
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: secret)
        #expect(HangStack.read(file) == nil)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(HangStack.read(file) == nil, "a pipe is refused at once, not waited on")
        try FileManager.default.removeItem(at: file)
        try Data(Self.trace.utf8).write(to: file)
        #expect(HangStack.read(file) == Self.trace)
    }

    @Test("A trace with no frame of the app's own names no place, and text that is no trace names none either")
    func nothingNamed() {
        #expect(HangLocation.first(inBacktrace: "Thread 0 crashed:\n  0 0x0000 read + 4 in libc.so.6\n") == nil)
        #expect(HangLocation.first(inBacktrace: "at /x.swift:3 hung in A at B.swift:1\n") == nil)
    }
}
