import Foundation

/// A spreadsheet saved as CSV, read as forgivingly as spreadsheets write it: RFC 4180 quoting
/// (fields with commas, quotes and line breaks), CRLF or LF, UTF-8 with or without Excel's
/// byte-order mark, and a comma, semicolon or tab between fields, whichever the header line uses
/// (Excel writes semicolons where the decimal mark is a comma). Each row keeps the line it
/// starts on, so that a mistake is reported where the person will look for it.
struct CSVTable {
    struct Row {
        /// The file's line this row starts on, from 1.
        var line: Int
        var fields: [String]
    }

    /// The header, then every row that is not blank.
    var header: Row
    var rows: [Row]

    /// `file` names the file in errors.
    init(_ text: String, file: String) throws {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let delimiter = Self.delimiter(of: text.prefix { $0 != "\n" && $0 != "\r\n" })
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteLine = 1
        var atFieldStart = true
        var index = text.startIndex
        func endRow() {
            fields.append(field)
            // A blank line is no row; a line of empty fields (`,,`) is, and the caller says so.
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
            field = ""
            atFieldStart = true
        }
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if quoted {
                if character == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    if character.isNewline { line += 1 }
                    field.append(character)
                }
            } else if character == "\"" && atFieldStart {
                quoted = true
                quoteLine = line
                atFieldStart = false
            } else if character == delimiter {
                fields.append(field)
                field = ""
                atFieldStart = true
            } else if character.isNewline {
                endRow()
                line += 1
                rowLine = line
            } else {
                field.append(character)
                atFieldStart = false
            }
        }
        if quoted {
            throw CheckerError.csv(file: file, line: quoteLine, problem: "a field opened with a quote (\") is not closed before the end of the file")
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        guard let header = rows.first else {
            throw CheckerError.csv(file: file, line: 1, problem: "the file is empty; expected a header line naming its columns")
        }
        self.header = Row(line: header.line, fields: header.fields.map { $0.trimmingCharacters(in: .whitespaces) })
        self.rows = Array(rows.dropFirst())
        for row in self.rows where row.fields.count != self.header.fields.count {
            throw CheckerError.csv(file: file, line: row.line, problem: "expected \(self.header.fields.count) fields, as the header on line "
                + "\(header.line) has, found \(row.fields.count)" + (delimiter == "," ? " (a name with a comma must be quoted: \"Doe, Jane\")" : ""))
        }
    }

    /// The separator the header line uses most: a comma unless it has none and has semicolons
    /// or tabs.
    static func delimiter(of header: Substring) -> Character {
        let counts = [",", ";", "\t"].map { candidate in (Character(candidate), header.filter { $0 == Character(candidate) }.count) }
        return counts.max { $0.1 < $1.1 }.flatMap { $0.1 > 0 ? $0.0 : nil } ?? ","
    }
}
