import Testing
import WorkbookSupport

/// A student's file name printed on a terminal line stays on that line and shows what it is.
@Suite struct FileNameTextTests {
    @Test("Quotes, backslashes, line breaks, terminal escapes and direction overrides are written as a Swift literal writes them")
    func escapes() {
        #expect(FileNameText.shown("Notes\"2\".swift") == #"Notes\"2\".swift"#)
        #expect(FileNameText.shown(#"C:\Notes.swift"#) == #"C:\\Notes.swift"#)
        #expect(FileNameText.shown("Two\nLines.swift") == #"Two\nLines.swift"#)
        #expect(FileNameText.shown("\u{1B}[31mRed.swift") == #"\u{1b}[31mRed.swift"#)
        #expect(FileNameText.shown("pay\u{202E}tfiws.exe") == #"pay\u{202e}tfiws.exe"#)
    }

    @Test("Any other name, accents and spaces included, is shown as it is and needs no other name to be built")
    func plainNames() {
        for name in ["ReminderViewController.swift", "Views/Hypnosis View.swift", "Café+Restoration.swift", "日本.swift"] {
            #expect(FileNameText.shown(name) == name)
            #expect(!FileNameText.needsEscaping(name))
        }
        #expect(FileNameText.needsEscaping("a\tb.swift"))
    }
}
