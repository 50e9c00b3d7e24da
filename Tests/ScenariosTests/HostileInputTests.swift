import Foundation
import Testing
@testable import Scenarios

@Suite("Hostile input: clear errors, never a crash or a hang")
struct HostileInputTests {
    @Test("a line of a megabyte is refused, saying which limit it broke")
    func hugeLine() {
        let line = String(repeating: "tap Save ", count: 120_000)
        let text = "launch\n" + line + "\npress home"
        let errors = fileErrors(text)
        #expect(errors.map(at) == ["2:10001"])
        #expect(errors.first?.message == "line 2 is longer than 10000 characters, the most a line may have")
        // Each byte is passed once to find the lines; of the long line, only what it takes to
        // know it is too long is looked at again.
        let work = ScenarioParser.parseMeasuringWork(text, file: "t.scenario").work
        #expect(work <= text.utf8.count + ScenarioLimits.maximumLineLength + 100, "\(work) steps for \(text.utf8.count) bytes")
    }

    @Test("a line of one megabyte inside quotes is refused the same way")
    func hugeQuotedLine() {
        let errors = fileErrors("launch\ntype \"" + String(repeating: "é", count: 1_000_000) + "\" into Name")
        #expect(errors.map(at) == ["2:10001"])
    }

    @Test("a line of exactly the limit is read")
    func lineAtTheLimit() {
        let text = "type \"" + String(repeating: "x", count: 10_000 - 17) + "\" into Name"
        #expect(text.count == 10_000)
        #expect(parsed("launch\n" + text)?.steps.count == 2)
    }

    @Test("more than 10,000 steps: an error at the first one too many, and parsing stops")
    func tooManySteps() {
        let text = "launch\n" + String(repeating: "wait 1 second\n", count: 10_500)
        let errors = fileErrors(text)
        #expect(errors.map(at) == ["10001:1"])
        #expect(errors.first?.message == "too many steps: a scenario may have at most 10000 steps")
        // Each step's bytes are split off and lexed once: no more than two steps a byte.
        #expect(ScenarioParser.parseMeasuringWork(text, file: "t.scenario").work <= 2 * text.utf8.count)
    }

    @Test("exactly 10,000 steps are fine")
    func stepsAtTheLimit() {
        let text = "launch\n" + String(repeating: "wait 1 second\n", count: 9_999)
        #expect(parsed(text)?.steps.count == 10_000)
    }

    @Test("a file past the size limit is refused whole")
    func hugeFile() {
        let text = String(repeating: "# filler\n", count: 500_000)
        let errors = fileErrors(text)
        #expect(errors.count == 1)
        #expect(errors.first?.description == "t.scenario: error: the file has 4500000 bytes; a scenario may have at most 4000000 bytes\nt.scenario: note: split it into several scenarios, or check that this is the file you meant")
    }

    @Test("almost four megabytes of empty lines are read, line by line, quickly")
    func manyEmptyLines() {
        func text(_ emptyLines: Int) -> String { "launch\n" + String(repeating: "\r\n", count: emptyLines) + "press home\n" }
        let scenario = parsed(text(1_900_000))
        #expect(scenario?.steps.last?.location.line == 1_900_002)
        // Linear: twice the lines, twice the work.
        let work = ScenarioParser.parseMeasuringWork(text(950_000), file: "t.scenario").work
        let doubled = ScenarioParser.parseMeasuringWork(text(1_900_000), file: "t.scenario").work
        #expect(doubled <= 2 * work, "\(work) steps for 950,000 lines, \(doubled) for 1,900,000")
    }

    @Test("a NUL byte: one error, at its place, saying the file is binary")
    func nul() {
        let errors = fileErrors("launch\ntap Sa\u{0}ve")
        #expect(errors.count == 1)
        #expect(at(errors.first) == "2:7")
        #expect(errors.first?.message == "this file holds binary data, not a scenario: found a NUL character")
        #expect(throws: ScenarioErrors.self) { try ScenarioParser.parseStep("tap \u{0}") }
    }

    @Test("binary garbage as bytes: one error at the first byte that is not text")
    func garbageBytes() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0 ..< 50 {
            let bytes = (0 ..< 4_096).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
            do {
                _ = try ScenarioParser.parse(bytes: bytes, file: "garbage.bin")
                Issue.record("garbage parsed")
            } catch {
                #expect(error.errors.count == 1)
            }
        }
        let invalid: [UInt8] = Array("launch\ntap S".utf8) + [0xFF] + Array("ave".utf8)
        do {
            _ = try ScenarioParser.parse(bytes: invalid, file: "bad.scenario")
        } catch {
            #expect(error.errors.first?.description.hasPrefix("bad.scenario:2:6: error: this file is not UTF-8 text: the byte 0xFF") == true)
        }
        // Overlong encodings and lone surrogates are not UTF-8 either.
        #expect(ScenarioParser.firstInvalidUTF8([0xC0, 0xAF]) == 0)
        #expect(ScenarioParser.firstInvalidUTF8([0x41, 0xED, 0xA0, 0x80]) == 1)
        #expect(ScenarioParser.firstInvalidUTF8([0xF4, 0x90, 0x80, 0x80]) == 0)
        #expect(ScenarioParser.firstInvalidUTF8(Array("é🙂a".utf8)) == nil)
        #expect(ScenarioParser.firstInvalidUTF8([0xE2, 0x82]) == 0)
    }

    @Test("text garbage: errors stop at 100, quickly, and say they stopped")
    func garbageText() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz \"\\#(),.-:0123456789\t“'é🙂\u{1B}\u{7F}")
        var lines: [String] = []
        for _ in 0 ..< 5_000 {
            let length = Int.random(in: 0 ... 80, using: &generator)
            lines.append(String((0 ..< length).map { _ in alphabet[Int.random(in: 0 ..< alphabet.count, using: &generator)] }))
        }
        let noise = lines.joined(separator: "\n")
        do {
            _ = try ScenarioParser.parse(noise, file: "noise.scenario")
            Issue.record("noise parsed")
        } catch {
            #expect(error.errors.count == ScenarioLimits.maximumErrors)
            #expect(error.isTruncated)
            #expect(error.description.hasSuffix("stopped after 100 errors; fix these and try again"))
            for problem in error.errors {
                #expect(problem.location.line >= 1)
                #expect(problem.location.column >= 1)
                _ = problem.detailedDescription
            }
        }
        // Quickly: no more than two steps for each byte of the noise, most of it never read.
        #expect(ScenarioParser.parseMeasuringWork(noise, file: "noise.scenario").work <= 2 * noise.utf8.count)
    }

    @Test("every line of random words parses or fails cleanly")
    func fuzzLines() {
        var generator = SeededGenerator(seed: 99)
        let words = Vocabulary.firstWords + ["row", "tab", "id", "in", "of", "into", "to", "section", "the", "app", "home", "not", "is", "does",
                                             "show", "shows", "\"Save\"", "\"\"", "3", "-1", "0.5", "2026-02-30", "09:30", "(", ")", ",", "screen",
                                             "archive", "path", "at", "no", "scrolled", "on", "segment", "version", "2.1", "\"x", "\\", "UTC", "Z"]
        for _ in 0 ..< 20_000 {
            let count = Int.random(in: 1 ... 8, using: &generator)
            let line = (0 ..< count).map { _ in words[Int.random(in: 0 ..< words.count, using: &generator)] }.joined(separator: " ")
            do {
                if let step = try ScenarioParser.parseStep(line) {
                    // Whatever parsed prints back to the same step.
                    #expect(try ScenarioParser.parseStep(step.description)?.kind == step.kind, "\(line)")
                }
            } catch {
                #expect(!error.errors.isEmpty)
                for problem in error.errors {
                    #expect(problem.location.column >= 1 && problem.location.column <= line.count + 1, "\(line): \(problem)")
                }
            }
        }
    }

    @Test("control characters and stray byte order marks are reported, not swallowed")
    func controlCharacters() {
        #expect(lineError("tap \u{1B}[31mSave")?.message == "a control character (U+001B) is not allowed in a scenario")
        #expect(at(lineError("tap \u{1B}[31mSave")) == "1:5")
        #expect(lineError("tap \"a\u{7F}b\"") != nil)
    }
}

/// A small deterministic random source, so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
