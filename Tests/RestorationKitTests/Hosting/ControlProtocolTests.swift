import Foundation
import Testing
@testable import RestorationKit

/// The runner–app line protocol (Documentation/Protocol.md) as one pair of types both ends use:
/// what is written reads back the same, the words on the wire are the documented ones, and a
/// line a hostile app (or a person typing) writes is refused with a reason, never a trap.
struct ControlProtocolTests {
    static let commands: [ControlCommand] = [
        .home, .foreground, .screen, .launchScreen, .report, .perform(.tap(.title("Save"))),
        .perform(.type(text: "Rusty\nSpork \\ \"x\"", into: .identifier("name"))), .perform(.back),
        .wait(seconds: 60), .wait(seconds: 0.5), .crash, .quit,
    ]

    @Test("Every command reads back as itself from the line the runner sends")
    func commandsRoundTrip() throws {
        for command in Self.commands {
            #expect(try ControlCommand(line: command.line) == command, "\(command.line)")
            #expect(!command.line.contains("\n"), "one command, one line: \(command.line)")
        }
    }

    @Test("The runner's lines are the documented words: `launch-screen`, `wait 60`, `perform {…}`")
    func commandWords() {
        #expect(Self.commands.map(\.word) == ["home", "foreground", "screen", "launch-screen", "report", "perform", "perform", "perform",
                                              "wait", "wait", "crash", "quit"])
        #expect(ControlCommand.wait(seconds: 60).line == "wait 60")
        #expect(ControlCommand.wait(seconds: 0.5).line == "wait 0.5")
        #expect(ControlCommand.perform(.back).line == #"perform {"back":{}}"#)
    }

    static let messages: [ControlMessage] = [
        .launched(.noArchive), .launched(.notOptedIn), .launched(.discarded), .launched(.restored),
        .log("a line"), .log("two\nlines, a \\n that was typed, a lone \\ and a \r"), .log(""),
        .ok("home"), .error("no button \"Save\" on screen;\nbuttons: Cancel"),
        .screen(.launchImage), .state(RestorationReport()),
        .note(RestorationCause(.parentNotRestored, path: "Navigation/:[1]:/Note", className: "NoteViewController",
                               sentence: "NoteViewController at Navigation/:[1]:/Note was left out because its parent, Navigation, was not restored.\nA second line.")),
    ]

    @Test("Every message reads back as itself, log text with its newlines and backslashes intact")
    func messagesRoundTrip() throws {
        for message in Self.messages {
            #expect(try ControlMessage(line: message.line) == message, "\(message.line)")
            #expect(!message.line.contains("\n") && !message.line.contains("\r"), "one message, one line: \(message.line)")
        }
        #expect(ControlMessage.launched(.restored).line == "launched restored")
        #expect(ControlMessage.log("a\nb").line == #"log a\nb"#)
    }

    @Test("A message the runner cannot read throws, saying which; a line that is no message is passed over")
    func hostileMessages() throws {
        let unreadable = [
            "launched sideways": "an outcome the runner does not know",
            "launched " + String(repeating: "x", count: 1 << 20): "an outcome the runner does not know",
            "screen {not json": "a screen the runner cannot read",
            "screen " + String(repeating: "[", count: 100_000): "a screen the runner cannot read",
            "screen": "a screen the runner cannot read",
            #"state {"outcome":"sideways"}"#: "a restoration report the runner cannot read",
            "state \u{0}\u{0}": "a restoration report the runner cannot read",
        ]
        for (line, reason) in unreadable {
            #expect(throws: ControlLineError.self, "\(line.prefix(40))") { try ControlMessage(line: line) }
            do {
                _ = try ControlMessage(line: line)
            } catch {
                #expect(error.description.contains(reason), "\(error.description)")
                #expect(error.description.count < 200, "the error quotes a long line only in part")
            }
        }
        for line in ["", "hello world", "LOG upper case is not a message", " launched restored"] {
            #expect(try ControlMessage(line: line) == nil, "\(line)")
        }
    }

    @Test("A command the app cannot read is refused with what to send instead; a blank line is nothing")
    func hostileCommands() throws {
        let refused = [
            "dance": #"unknown command "dance"; known: home, foreground"#,
            "perform {bad": #"perform takes a user action as JSON, e.g. perform {"back":{}}"#,
            "perform": "perform takes a user action as JSON",
            "wait soon": "wait takes a number of seconds",
            "wait -5": "wait takes a number of seconds",
            "wait nan": "wait takes a number of seconds",
        ]
        for (line, reason) in refused {
            do {
                _ = try ControlCommand(line: line)
                Issue.record("\(line) was read")
            } catch {
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
        #expect(try ControlCommand(line: "") == nil)
        #expect(try ControlCommand(line: "   ") == nil)
        #expect(try ControlCommand(line: "  home  ") == .home)
    }

    @Test("Documentation/Protocol.md's tables name exactly the protocol's words")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Documentation/Protocol.md"), encoding: .utf8)
        // The first word in backticks of each table row.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { row in
            row.dropFirst(3).split(separator: "`").first.flatMap { $0.split(separator: " ").first }.map(String.init)
        }
        let words = Set(Self.commands.map(\.word) + Self.messages.map(\.word))
        #expect(words.isSubset(of: Set(rows)), "undocumented: \(words.subtracting(rows).sorted())")
    }
}
