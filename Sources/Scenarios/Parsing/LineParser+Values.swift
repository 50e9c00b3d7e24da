/// The values a step carries: text, numbers, offsets, versions, durations and dates.
extension LineParser {

    mutating func string(after context: String, what: String, hint: String? = nil) throws(LineFailure) -> String {
        guard let token = current, token.kind == .string else { throw failure(expected: "\(what) after \(context)", hint: hint) }
        advance()
        return token.text
    }

    /// A quoted text that names something, so may not be empty.
    mutating func nonEmptyString(_ token: Token) throws(LineFailure) -> String {
        guard !token.text.isEmpty else {
            throw LineFailure(column: token.column, length: token.length, message: "an empty text \"\" names nothing", expected: "a text in quotes with at least one character")
        }
        advance()
        return token.text
    }

    static func isNumber(_ token: Token) -> Bool {
        token.kind == .word && numberParts(token.text) != nil
    }

    /// `-12.5` as sign, whole digits and decimals; `nil` unless the text is a plain decimal.
    static func numberParts(_ text: String) -> (negative: Bool, whole: Substring, decimals: Substring)? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        let decimals = parts.count == 2 ? parts[1] : ""
        if parts.count == 2, decimals.isEmpty || !decimals.allSatisfy(\.isASCIIDigit) { return nil }
        return (negative, whole, decimals)
    }

    mutating func integer(after context: String, what: String, range: ClosedRange<Int>, hint: String? = nil) throws(LineFailure) -> Int {
        guard let token = current, let parts = Self.numberParts(token.text), token.kind == .word else {
            throw failure(expected: "\(what) after \(context)", hint: hint)
        }
        guard parts.decimals.isEmpty else {
            throw LineFailure(column: token.column, length: token.length, message: "expected a whole number after \(context), found \(token.quoted)", expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", hint: hint)
        }
        let digits = parts.whole.drop { $0 == "0" }
        let magnitude = digits.count > 9 ? Int.max : Int(digits) ?? 0
        let value = parts.negative ? -magnitude : magnitude
        guard range.contains(value) else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) from \(range.lowerBound) to \(range.upperBound)", expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", hint: parts.negative ? hint : nil)
        }
        advance()
        return value
    }

    mutating func number(after context: String, what: String, range: ClosedRange<Double>) throws(LineFailure) -> Double {
        let bounds = "from \(ScenarioPrinter.format(range.lowerBound)) to \(ScenarioPrinter.format(range.upperBound))"
        guard let token = current, token.kind == .word, let parts = Self.numberParts(token.text) else {
            var hint: String?
            if let word = current?.keyword, ["nan", "inf", "infinity", "-inf"].contains(word) { hint = "only plain decimal numbers, like 0.8" }
            if let word = current?.text, word.contains("e") || word.contains("E"), Double(word) != nil { hint = "write the number out in full, without an exponent" }
            throw LineFailure(column: current?.column ?? endColumn, length: current?.length ?? 1, message: "expected a number after \(context), found \(found)", expected: "\(what): a plain decimal number like 0.8", hint: hint)
        }
        guard parts.decimals.count <= Self.maximumDecimals, parts.whole.drop(while: { $0 == "0" }).count <= 9 else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) \(bounds), with at most \(Self.maximumDecimals) decimals", expected: "a number \(bounds)")
        }
        guard let value = Double(token.text), range.contains(value) else {
            throw LineFailure(column: token.column, length: token.length, message: "\(token.text) is out of range after \(context): expected \(what) \(bounds)", expected: "a number \(bounds)")
        }
        advance()
        return value == 0 ? 0 : value  // no negative zero
    }

    /// `240` (down), `10, 240` or `(10, 240)`: a content offset in points.
    mutating func offset(after context: String) throws(LineFailure) -> (Double, Double) {
        let range = -Self.numberLimit ... Self.numberLimit
        if current?.kind == .punctuation, current?.text == "(" {
            advance()
            let x = try number(after: "'('", what: "the horizontal offset", range: range)
            try punctuation(",", after: "the horizontal offset")
            let y = try number(after: "','", what: "the vertical offset", range: range)
            try punctuation(")", after: "the vertical offset")
            return (x, y)
        }
        let first = try number(after: context, what: "an offset in points (240, or (0, 240))", range: range)
        guard current?.kind == .punctuation, current?.text == "," else { return (0, first) }
        advance()
        return (first, try number(after: "','", what: "the vertical offset", range: range))
    }

    mutating func punctuation(_ mark: String, after context: String) throws(LineFailure) {
        guard let token = current, token.kind == .punctuation, token.text == mark else {
            throw failure(expected: "'\(mark)' after \(context)")
        }
        advance()
    }

    mutating func version() throws(LineFailure) -> String {
        guard let token = current else { throw failure(expected: "the new version after 'version', like 2 or 2.1") }
        if token.kind == .string {
            let text = try nonEmptyString(token)
            guard text.count <= 64 else {
                throw LineFailure(column: token.column, length: token.length, message: "the version has \(text.count) characters; 64 at most", expected: "a version like 2 or 2.1")
            }
            return text
        }
        guard token.kind == .word, Self.isVersion(token.text) else {
            throw failure(expected: "the new version after 'version': numbers joined by dots, like 2 or 2.1.0, or any version in quotes")
        }
        advance()
        return token.text
    }

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1 ... 4).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }
    }

    mutating func duration() throws(LineFailure) -> ScenarioDuration {
        let amountToken = current
        if let token = amountToken, let parts = Self.numberParts(token.text), !parts.decimals.isEmpty {
            throw LineFailure(column: token.column, length: token.length, message: "expected a whole number after 'wait', found \(token.quoted)", expected: "a whole number of seconds, minutes, hours or days", hint: "write a smaller unit: 90 seconds, not 1.5 minutes")
        }
        let amount = try integer(after: "'wait'", what: "how long (a whole number)", range: 1 ... Self.maximumWait, hint: "time only moves forward")
        let units: [String: ScenarioDuration.Unit] = [
            "second": .seconds, "seconds": .seconds, "minute": .minutes, "minutes": .minutes,
            "hour": .hours, "hours": .hours, "day": .days, "days": .days,
        ]
        guard let word = current?.keyword, let unit = units[word] else {
            let abbreviations = ["s": "seconds", "sec": "seconds", "secs": "seconds", "m": "minutes", "min": "minutes", "mins": "minutes", "h": "hours", "hr": "hours", "hrs": "hours", "d": "days"]
            let hint = current?.keyword.flatMap { abbreviations[$0].map { "write '\($0)' in full" } } ?? suggestion(among: ["seconds", "minutes", "hours", "days", "second", "minute", "hour", "day"])
            throw failure(expected: "a unit (seconds, minutes, hours or days) after the number", hint: hint)
        }
        guard amount * unit.seconds <= Self.maximumWait else {
            throw LineFailure(column: amountToken?.column ?? 1, length: amountToken?.length ?? 1, message: "a wait of \(amount) \(unit.rawValue) is too long: 30 days at most", expected: "a wait of at most 30 days")
        }
        advance()
        return ScenarioDuration(amount, unit)
    }

    static func looksLikeDate(_ text: String) -> Bool {
        let characters = Array(text.prefix(5))
        return characters.count == 5 && characters[0 ..< 4].allSatisfy(\.isASCIIDigit) && characters[4] == "-"
    }

    /// `2026-11-22`, `2026-11-22 09:30`, `2026-11-22 09:30:15`, `2026-11-22T09:30Z`, optionally
    /// followed by `UTC`. Every part is checked, and an error points at the part that is wrong.
    mutating func date(after context: String) throws(LineFailure) -> ScenarioDate {
        let example = "a date like 2026-11-22 09:30 (UTC)"
        guard let token = current, token.kind == .word, Self.looksLikeDate(token.text) else {
            var hint: String?
            if let text = current?.text, text.hasPrefix("+") || text.hasPrefix("-") || ["now", "today", "tomorrow", "yesterday"].contains(text.lowercased()) {
                hint = "dates are written in full and in UTC, so every run is the same; to let time pass, use 'wait'"
            } else if current?.kind == .string {
                hint = "write the date without quotes: 2026-11-22 09:30"
            } else if let text = current?.text, Vocabulary.isBareIdentifier(text), context == "'pick'" {
                hint = "the date comes first: pick 2026-11-22 09:30 in \(text)"
            }
            throw failure(expected: "\(example) after \(context)", hint: hint)
        }
        advance()
        var datePart = Substring(token.text)
        var timePart: Substring?
        var timeColumn = token.column + 11
        var timeLength = 0
        if let t = datePart.firstIndex(where: { $0 == "T" || $0 == "t" }) {
            timePart = datePart[datePart.index(after: t)...]
            datePart = datePart[..<t]
            if timePart?.last == "Z" || timePart?.last == "z" { timePart = timePart?.dropLast() }
            timeLength = timePart?.count ?? 0
        } else if let next = current, next.kind == .word, next.text.contains(":"), next.text.first?.isASCIIDigit == true {
            timePart = Substring(next.text)
            timeColumn = next.column
            timeLength = next.length
            advance()
        }

        let dateFields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard dateFields.count == 3, dateFields[0].count == 4, dateFields[1].count == 2, dateFields[2].count == 2,
              dateFields.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else {
            throw LineFailure(column: token.column, length: token.length, message: "expected \(example) after \(context), found \(token.quoted)", expected: "year-month-day, with two digits for the month and the day: 2026-03-07")
        }
        let year = Int(dateFields[0])!, month = Int(dateFields[1])!, day = Int(dateFields[2])!
        guard ScenarioDate.years.contains(year) else {
            throw LineFailure(column: token.column, length: 4, message: "the year 0000 does not exist", expected: "a year from 0001 to 9999")
        }
        guard (1 ... 12).contains(month) else {
            throw LineFailure(column: token.column + 5, length: 2, message: "there is no month \(dateFields[1]); months go from 01 to 12", expected: "a month from 01 to 12")
        }
        let days = ScenarioDate.daysIn(month: month, year: year)
        guard (1 ... days).contains(day) else {
            throw LineFailure(column: token.column + 8, length: 2, message: "\(Self.monthNames[month - 1]) \(year) has no day \(dateFields[2]); it has \(days) days", expected: "a day from 01 to \(days)")
        }

        var hour = 0, minute = 0, second = 0
        if let timePart {
            let fields = timePart.split(separator: ":", omittingEmptySubsequences: false)
            guard (2 ... 3).contains(fields.count), fields.allSatisfy({ (1 ... 2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }) else {
                throw LineFailure(column: timeColumn, length: max(1, timeLength), message: "expected a time like 09:30 or 09:30:15 after the date, found \"\(timePart)\"", expected: "hours:minutes, in UTC")
            }
            hour = Int(fields[0])!
            minute = Int(fields[1])!
            second = fields.count == 3 ? Int(fields[2])! : 0
            guard hour <= 23 else {
                throw LineFailure(column: timeColumn, length: fields[0].count, message: "there is no hour \(fields[0]); hours go from 00 to 23", expected: "an hour from 00 to 23")
            }
            guard minute <= 59 else {
                throw LineFailure(column: timeColumn + fields[0].count + 1, length: fields[1].count, message: "there is no minute \(fields[1]); minutes go from 00 to 59", expected: "a minute from 00 to 59")
            }
            guard second <= 59 else {
                throw LineFailure(column: timeColumn + fields[0].count + fields[1].count + 2, length: fields[2].count, message: "there is no second \(fields[2]); seconds go from 00 to 59", expected: "a second from 00 to 59")
            }
        }
        if let zone = current, zone.kind == .word, !["in", "of", "is"].contains(zone.text.lowercased()) {
            if zone.isKeyword("utc") {
                advance()
            } else if zone.text.count <= 5, zone.text.count >= 2, zone.text.allSatisfy({ $0.isUppercase }) || zone.text.hasPrefix("+") {
                throw LineFailure(column: zone.column, length: zone.length, message: "dates in scenarios are always in UTC; found the time zone \(zone.quoted)", expected: "the time in UTC, with no zone (or the word UTC)", hint: "convert the time to UTC, so that every run is the same on every machine")
            }
        }
        return ScenarioDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
}
