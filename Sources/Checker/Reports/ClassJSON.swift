import Foundation

/// A class's results as a file: what `--shard` runs leave behind to be merged, and what other
/// tools read. Pretty and with sorted keys, so that two runs of the same class give the same bytes
/// and a diff shows only what changed.
public enum ClassJSON {
    public static func encode(_ results: ClassResults) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(results)
        } catch let error as EncodingError {
            // Only a number JSON cannot hold (infinity, NaN) gets here.
            if case .invalidValue(let value, let context) = error {
                throw CheckerError.resultsNotANumber(value: "\(value)", path: path(context.codingPath))
            }
            throw CheckerError.resultsNotJSON(reason: "\(error)")
        }
    }

    /// Reads a file written by `encode`; `file` names it in the errors, which say where in the
    /// file and what was expected rather than Foundation's type names and coding paths.
    public static func decode(_ data: Data, file: String) throws -> ClassResults {
        do {
            let results = try JSONDecoder().decode(ClassResults.self, from: data)
            // A file edited by hand may have lost the order the merge and the reports rely on.
            var sorted = ClassResults(exercise: results.exercise, title: results.title, criteria: results.criteria,
                                      students: results.students, shard: results.shard, checks: results.checks,
                                      allowed: Set(results.allowed ?? []))
            sorted.roster = results.roster
            return sorted
        } catch let error as DecodingError {
            throw describe(error, file: file)
        } catch {
            throw CheckerError.invalidResults(file: file, problem: error.localizedDescription)
        }
    }

    static func describe(_ error: DecodingError, file: String) -> CheckerError {
        switch error {
        case .keyNotFound(let key, let context):
            let place = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return .invalidResults(file: file, problem: "\"\(key.stringValue)\" is missing\(place); is this a results.json written by workbook grade?")
        case .typeMismatch(let type, let context):
            return .invalidResults(file: file, problem: "\(path(context.codingPath)) should be \(describe(type))")
        case .valueNotFound(let type, let context):
            return .invalidResults(file: file, problem: "\(path(context.codingPath)) is null; it should be \(describe(type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let reason = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return .notJSON(file: file, reason: reason)
            }
            if context.codingPath.last?.stringValue == "status" {
                let statuses = [CriterionResult.Status.passed, .failed, .crashed, .timedOut, .notRun].map(\.rawValue)
                return .invalidResults(file: file, problem: "\(path(context.codingPath)) should be one of \(statuses.joined(separator: ", "))")
            }
            return .invalidResults(file: file, problem: "\(path(context.codingPath)) is not valid: \(context.debugDescription)")
        @unknown default:
            return .invalidResults(file: file, problem: error.localizedDescription)
        }
    }

    /// `students[2].criteria[0].status`, the way a person points into the file.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "an object" : "an object (\(name))"
        }
    }
}
