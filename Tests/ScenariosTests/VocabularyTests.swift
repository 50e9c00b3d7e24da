import Testing
@testable import Scenarios

/// The language's vocabulary is the parser's dispatch table: a word listed is a word parsed,
/// and no step is parsed by a word the suggestions do not know.
struct VocabularyTests {
    /// How `text` fares on its own: the messages of its errors, none when it parsed.
    static func messages(_ text: String) -> [String] {
        do {
            _ = try ScenarioParser.parseStep(text, file: "t.scenario")
            return []
        } catch {
            return error.errors.map(\.message)
        }
    }

    @Test("The words a step can start with, in the order suggestions weigh them, are the parser's table's")
    func stepWords() {
        #expect(Vocabulary.stepWords == [
            "launch", "press", "return", "kill", "force", "crash", "update", "wait", "fill",
            "tap", "type", "clear", "toggle", "select", "scroll", "delete", "move", "pick", "slide", "choose",
            "go", "dismiss", "expect",
        ])
        #expect(Vocabulary.stepWords == LineParser.actionRules.map(\.word) + ["expect"])
        #expect(Set(Vocabulary.stepWords).count == Vocabulary.stepWords.count, "a word dispatches to one rule")
        #expect(Vocabulary.expectationSubjects == LineParser.expectationRules.map(\.word))
    }

    @Test("Every word of the vocabulary is dispatched: none is an unknown step, in any case")
    func everyStepWordIsParsed() {
        for word in Vocabulary.stepWords {
            for spelling in [word, word.uppercased(), word + " x"] {
                #expect(!Self.messages(spelling).contains { $0.hasPrefix("unknown step") }, "\(spelling)")
            }
        }
        #expect(Self.messages("dance").first?.hasPrefix("unknown step") == true)
    }

    @Test("Every subject that may follow `expect` is dispatched: none is an unknown expectation")
    func everyExpectationSubjectIsParsed() {
        for subject in Vocabulary.expectationSubjects {
            #expect(!Self.messages("expect \(subject)").contains { $0.hasPrefix("unknown expectation") }, "\(subject)")
        }
    }

    @Test("Each header word reads a header of that name; the words offered instead of a step are never steps themselves")
    func headersAndSuggestions() throws {
        let samples = ["scenario": #"scenario "x""#, "app": "app x", "tags": "tags x", "points": "points 3", "hidden": "hidden",
                       "developer": "developer mode"]
        #expect(Set(samples.keys) == Set(Vocabulary.headerWords))
        for word in Vocabulary.headerWords {
            var parser = LineParser(tokens: Lexer.lex(Array(samples[word] ?? word)).tokens)
            guard case .header(let header) = try parser.parse() else { Issue.record("\(word) is not a header"); continue }
            // A header is named by its words (`developer mode`), the first being the one dispatched on.
            #expect(header.key.split(separator: " ").first.map(String.init) == word)
        }
        #expect(Set(Vocabulary.insteadOf.keys).isDisjoint(with: Vocabulary.firstWords))
    }
}
