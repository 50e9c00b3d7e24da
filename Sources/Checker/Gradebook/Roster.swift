import Foundation

/// Who the submissions belong to, as the institution knows them: `--roster roster.csv` maps each
/// submission's name (its folder or zip, a GitHub Classroom repository's owner) to the student's
/// login, student number and email, which gradebooks identify students by.
///
/// The file is a spreadsheet saved as CSV with a header line. Columns are found by their header,
/// in any order and any case, spaces, dashes and underscores ignored, under the names people and
/// gradebooks give them (a Canvas or Moodle export, with a `submission` column added, is a
/// roster); columns it does not know are left alone:
///
/// | column | also written | goes to |
/// | --- | --- | --- |
/// | submission (required) | folder, repository, github, github username | the name a submission is graded under |
/// | name | student, student name, full name; or first name and last name | Canvas's `Student`, Moodle's `Full name` |
/// | login | username, login id, sis login id, netid | Canvas's `SIS Login ID`, Moodle's `Username` |
/// | student number | student id, sis user id, id number, matriculation number | Canvas's `SIS User ID`, Moodle's `ID number` |
/// | email | e-mail, email address | Moodle's `Email address` |
/// | canvas id | id, canvas user id | Canvas's `ID` |
/// | section | | Canvas's `Section` |
///
/// At least one of login, student number, email and canvas id is needed: a gradebook matches
/// students by those, never by name.
public struct Roster: Sendable {
    public var entries: [RosterEntry]
    /// The file, as given, for messages.
    public var file: String

    public enum Column: String, CaseIterable, Sendable {
        case submission, name, firstName, lastName, login, studentNumber, email, canvasID, section

        /// Header names that mean this column, written as `key` writes them.
        var aliases: [String] {
            switch self {
            case .submission: ["submission", "submissionname", "submissionfolder", "folder", "repository", "repo", "github", "githubusername",
                               "githublogin", "githubaccount"]
            case .name: ["name", "student", "studentname", "fullname"]
            case .firstName: ["firstname", "givenname"]
            case .lastName: ["lastname", "surname", "familyname"]
            case .login: ["login", "username", "user", "loginid", "sisloginid", "netid"]
            case .studentNumber: ["studentnumber", "studentno", "studentid", "sisuserid", "sisid", "idnumber", "matriculationnumber",
                                  "registrationnumber"]
            case .email: ["email", "emailaddress", "mail"]
            case .canvasID: ["id", "canvasid", "canvasuserid"]
            case .section: ["section", "sections"]
            }
        }

        /// What the column is called in messages.
        var title: String {
            switch self {
            case .submission: "submission"
            case .name: "name"
            case .firstName: "first name"
            case .lastName: "last name"
            case .login: "login"
            case .studentNumber: "student number"
            case .email: "email"
            case .canvasID: "canvas id"
            case .section: "section"
            }
        }
    }

    /// A header cell as the aliases are written: `SIS Login ID` → `sisloginid`.
    static func key(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    public init(entries: [RosterEntry], file: String) {
        self.entries = entries
        self.file = file
    }

    /// Reads a roster file's text; `file` names it in errors, each with its line.
    public static func parse(_ text: String, file: String) throws -> Roster {
        let table = try CSVTable(text, file: file)
        var columns: [Column: Int] = [:]
        for (index, header) in table.header.fields.enumerated() {
            let key = key(header)
            guard let column = Column.allCases.first(where: { $0.aliases.contains(key) }) else { continue }
            if let other = columns[column] {
                throw CheckerError.csv(file: file, line: table.header.line, problem: "both \"\(table.header.fields[other])\" and \"\(header)\" "
                    + "are the \(column.title) column; keep one")
            }
            columns[column] = index
        }
        guard let submission = columns[.submission] else {
            throw CheckerError.csv(file: file, line: table.header.line, problem: "expected a submission column (the name each submission "
                + "is graded under: its folder or zip, or the GitHub username), found \(quotedList(table.header.fields))")
        }
        let identities: [Column] = [.login, .studentNumber, .email, .canvasID]
        guard identities.contains(where: { columns[$0] != nil }) else {
            throw CheckerError.csv(file: file, line: table.header.line, problem: "expected a column a gradebook identifies students by "
                + "(login, student number, email or canvas id), found \(quotedList(table.header.fields))")
        }
        var entries: [RosterEntry] = []
        var lines: [String: Int] = [:]
        for row in table.rows {
            func value(_ column: Column) -> String {
                columns[column].map { row.fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            }
            let name = value(.name).isEmpty ? [value(.firstName), value(.lastName)].filter { !$0.isEmpty }.joined(separator: " ") : value(.name)
            let entry = RosterEntry(submission: value(.submission), name: name,
                                    login: value(.login), studentNumber: value(.studentNumber), email: value(.email),
                                    canvasID: value(.canvasID), section: value(.section))
            guard !entry.submission.isEmpty else {
                // A Canvas export's "Points Possible" row, and rows of people who submit nothing.
                if row.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) || entry.name.contains("Points Possible") { continue }
                throw CheckerError.csv(file: file, line: row.line, problem: "the submission column (\"\(table.header.fields[submission])\") is empty")
            }
            guard !entry.identities.isEmpty else {
                throw CheckerError.csv(file: file, line: row.line, problem: "\(entry.submission) has no login, student number, email or canvas id: "
                    + "a gradebook could not tell who they are")
            }
            let key = RosterEntry.matchKey(entry.submission)
            if let first = lines[key] {
                throw CheckerError.csv(file: file, line: row.line, problem: "the submission \(entry.submission) is also on line \(first)")
            }
            lines[key] = row.line
            entries.append(entry)
        }
        return Roster(entries: entries, file: file)
    }

    private static func quotedList(_ fields: [String]) -> String {
        fields.isEmpty ? "no columns" : fields.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// One student of a roster.
public struct RosterEntry: Codable, Equatable, Sendable {
    public var submission: String
    public var name: String
    public var login: String
    public var studentNumber: String
    public var email: String
    public var canvasID: String
    public var section: String

    public init(submission: String, name: String = "", login: String = "", studentNumber: String = "", email: String = "",
                canvasID: String = "", section: String = "") {
        self.submission = submission
        self.name = name
        self.login = login
        self.studentNumber = studentNumber
        self.email = email
        self.canvasID = canvasID
        self.section = section
    }

    /// The identities a gradebook can match, those given.
    var identities: [String] { [login, studentNumber, email, canvasID].filter { !$0.isEmpty } }

    /// How a submission's name is compared with the roster's: the same letters whatever their
    /// case and Unicode composition (`Zoë` typed on a Mac matches the folder's `Zoë`).
    static func matchKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased()
    }
}
