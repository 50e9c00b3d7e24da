import Foundation
import Testing
@testable import Runner

/// Apps started while another runs (a class is graded a few students at a time) get their own
/// three streams and nothing of the other's: no end of its pipes, through which one student's
/// app could write the other's commands or read its replies.
struct ChildProcessDescriptorTests {
    /// What each open descriptor of a process refers to (`pipe:[1234]`, a path…), by number.
    static func descriptors(of pid: pid_t) -> [String: String] {
        let folder = "/proc/\(pid)/fd"
        var found: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name) { found[name] = target }
        }
        return found
    }

    @Test("A process started while another runs holds none of the other's pipes")
    func noPipeOfAnotherLaunchIsInherited() throws {
        let cat = try #require(ExecutableSearch.find("cat"))
        let first = try ChildProcess(executable: cat, environment: [:])
        let second = try ChildProcess(executable: cat, environment: [:])
        defer { first.kill(); second.kill() }
        let firstStreams = Set(Self.descriptors(of: first.pid).filter { ["0", "1", "2"].contains($0.key) }.values)
        try #require(firstStreams.count == 3 && firstStreams.allSatisfy { $0.hasPrefix("pipe:") }, "\(firstStreams)")
        let secondHolds = Self.descriptors(of: second.pid)
        #expect(secondHolds.values.filter(firstStreams.contains).isEmpty,
                "the second process holds the first one's pipes: \(secondHolds.filter { firstStreams.contains($0.value) })")
        #expect(Set(secondHolds.keys).isSuperset(of: ["0", "1", "2"]))
    }
}
