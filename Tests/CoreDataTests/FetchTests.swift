import CoreData
import Foundation
import Testing

/// Fetch requests: the predicate language the chapter needs, sorting, and unsaved changes.
@Suite struct FetchTests {
    let folder = StoreFolder()
    let context: NSManagedObjectContext
    let noon = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// apple (1), Apricot (2), banana (3), cherry (4), Zebra (5); banana is done; scores 0.5 × rank;
    /// apple and cherry are due, at noon and a day later; only banana has a note.
    init() throws {
        context = try folder.launch().viewContext
        let records = context.insertRecords(["apple", "Apricot", "banana", "cherry", "Zebra"])
        for record in records { record.score = Double(record.rank) / 2 }
        records[2].done = true
        records[2].note = "yellow"
        records[0].due = noon
        records[3].due = noon.addingTimeInterval(86_400)
        try context.save()
    }

    @Test("Comparisons with ==, !=, <, <=, >, >= on integers, doubles, booleans and dates")
    func comparisons() throws {
        #expect(try context.titles("rank == 3") == ["banana"])
        #expect(try context.titles("rank = %d", 3) == ["banana"])
        #expect(try context.titles("rank != %@", 3) == ["apple", "Apricot", "cherry", "Zebra"])
        #expect(try context.titles("rank < 3") == ["apple", "Apricot"])
        #expect(try context.titles("rank <= 2") == ["apple", "Apricot"])
        #expect(try context.titles("rank > %ld", 3) == ["cherry", "Zebra"])
        #expect(try context.titles("rank >= 4") == ["cherry", "Zebra"])
        #expect(try context.titles("score > %f", 1.9) == ["cherry", "Zebra"])
        #expect(try context.titles("score == 1.5") == ["banana"])
        #expect(try context.titles("done == TRUE") == ["banana"])
        #expect(try context.titles("done == %@", false) == ["apple", "Apricot", "cherry", "Zebra"])
        #expect(try context.titles("due > %@", noon) == ["cherry"])
        #expect(try context.titles("due == %@", noon) == ["apple"])
    }

    @Test("String comparisons: ==, BEGINSWITH, CONTAINS and ENDSWITH, case-sensitive, with %@, %K and quoted literals")
    func strings() throws {
        #expect(try context.titles("title == %@", "apple") == ["apple"])
        #expect(try context.titles("title == 'Apple'") == [], "case matters")
        #expect(try context.titles("title BEGINSWITH 'a'") == ["apple"])
        #expect(try context.titles("title BEGINSWITH %@", "Ap") == ["Apricot"])
        #expect(try context.titles("title CONTAINS \"an\"") == ["banana"])
        #expect(try context.titles("title contains 'e'") == ["apple", "cherry", "Zebra"])
        #expect(try context.titles("title ENDSWITH 'y'") == ["cherry"])
        #expect(try context.titles("%K == %@", "title", "cherry") == ["cherry"])
        #expect(try context.titles("title BEGINSWITH ''").count == 5)
    }

    @Test("nil: == nil and != nil, and != counts a nil value as different")
    func nilValues() throws {
        #expect(try context.titles("note == nil") == ["apple", "Apricot", "cherry", "Zebra"])
        #expect(try context.titles("note != NULL") == ["banana"])
        #expect(try context.titles("note != 'yellow'") == ["apple", "Apricot", "cherry", "Zebra"])
        #expect(try context.titles("due == %@", nil as Date?) == ["Apricot", "banana", "Zebra"])
        #expect(try context.titles("due < %@", noon.addingTimeInterval(1)) == ["apple"], "an ordering never matches nil")
    }

    @Test("AND, OR, NOT and parentheses")
    func logic() throws {
        #expect(try context.titles("rank > 1 AND rank < 4") == ["Apricot", "banana"])
        #expect(try context.titles("rank == 1 OR title == 'Zebra'") == ["apple", "Zebra"])
        #expect(try context.titles("rank > 1 && (title BEGINSWITH 'A' || done == YES)") == ["Apricot", "banana"])
        #expect(try context.titles("NOT title CONTAINS 'e'") == ["Apricot", "banana"])
        #expect(try context.titles("!(rank < 5)") == ["Zebra"])
        #expect(try context.titles("NOT (note == 'yellow')") == ["apple", "Apricot", "cherry", "Zebra"])
    }

    @Test("Sorting: one key or several, both directions, nil first, strings by their bytes (Zebra before apple)")
    func sorting() throws {
        #expect(try context.titles(sortedBy: [NSSortDescriptor(key: "title", ascending: true)]) == ["Apricot", "Zebra", "apple", "banana", "cherry"])
        #expect(try context.titles(sortedBy: [NSSortDescriptor(key: "rank", ascending: false)]) == ["Zebra", "cherry", "banana", "Apricot", "apple"])
        #expect(try context.titles(sortedBy: [NSSortDescriptor(key: "due", ascending: true), NSSortDescriptor(key: "title", ascending: false)]) == ["banana", "Zebra", "Apricot", "apple", "cherry"])
        #expect(try context.titles(sortedBy: [NSSortDescriptor(key: "done", ascending: false), NSSortDescriptor(key: "score", ascending: false)]) == ["banana", "Zebra", "cherry", "Apricot", "apple"])
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.sortDescriptors = [NSSortDescriptor(key: "rank", ascending: false)]
        request.fetchLimit = 2
        #expect(try context.fetch(request).map(\.title) == ["Zebra", "cherry"])
    }

    @Test("A fetch sees the context's unsaved changes: new objects that match, not deleted ones, changed ones by their new values")
    func unsavedChanges() throws {
        let all = try context.records()
        all[0].rank = 10 // apple moves to the end
        context.delete(all[1]) // Apricot
        let fig = Record(context: context)
        fig.title = "fig"
        fig.rank = 6
        #expect(try context.titles() == ["banana", "cherry", "Zebra", "fig", "apple"])
        #expect(try context.titles("rank > 4") == ["Zebra", "fig", "apple"])
        #expect(try context.titles("title BEGINSWITH 'A'") == [], "Apricot is deleted")
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.sortDescriptors = [NSSortDescriptor(key: "rank", ascending: true)]
        request.fetchLimit = 4
        #expect(try context.fetch(request).map(\.title) == ["banana", "cherry", "Zebra", "fig"])
        #expect(try context.count(for: request) == 4)
    }

    @Test("Fetching twice answers the same objects, of the entity's class")
    func uniquing() throws {
        let first = try context.records()
        let second = try context.records("rank >= 1")
        #expect(first.count == 5)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        let generic = try context.fetch(NSFetchRequest<NSManagedObject>(entityName: "Record"))
        #expect(generic.allSatisfy { $0 is Record })
        #expect(generic.first?.value(forKey: "title") as? String == "apple")
    }

    @Test("Malformed predicates are refused with the character and what was expected",
          arguments: [
              ("title ~ 'x'", [], "at character 7, expected a comparison (==, !=, <, <=, >, >=, BEGINSWITH, CONTAINS, ENDSWITH) after \"title\", found \"~\""),
              ("title == ", [], "at character 10, expected a value"),
              ("title BEGINSWITH[c] 'a'", [], "options such as [c]"),
              ("title == %@", [], "has no argument"),
              ("title == 'x'", ["extra"], "uses 0 arguments but was given 1"),
              ("author.name == 'x'", [], "key paths"),
              ("title == 'open", [], "is not closed"),
              ("(title == 'a'", [], "expected \")\""),
              ("title IN %@", ["a"], "found \"IN\""),
              ("title == 'a' rank == 1", [], "expected AND, OR or the end"),
              ("title == other", [], "expected a value"),
              ("rank == %d", ["three"], "%d takes an integer"),
              ("title == $x", [], "at character 10, expected a value"),
              ("title == %s", ["x"], "expected a format specifier"),
              ("", [], "expected an attribute name"),
          ] as [(String, [String], String)])
    func malformed(format: String, arguments: [String], expected: String) throws {
        let predicate = NSPredicate(format: format, argumentArray: arguments)
        let formatError = try #require(predicate.formatError, "\(format) parsed")
        #expect(formatError.description.contains(expected), "\(formatError)")
        #expect(formatError.description.contains("\"\(format)\""), "the error quotes the format")
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.predicate = predicate
        #expect(throws: formatError) { try context.fetch(request) }
    }

    @Test("Predicates that parse but do not fit the entity are refused when fetching",
          arguments: [
              ("nope == 1", "\"nope\" is not an attribute of Record"),
              ("rank == 'three'", "rank holds Int64 values, and cannot be compared with the string \"three\""),
              ("title == 3", "title holds String values, and cannot be compared with the integer 3"),
              ("rank BEGINSWITH '1'", "BEGINSWITH compares strings, and rank holds Int64 values"),
              ("rank < nil", "< needs a value, not nil"),
              ("due > 5", "due holds Date values"),
          ])
    func unfit(format: String, expected: String) throws {
        let request = NSFetchRequest<Record>(entityName: "Record")
        request.predicate = NSPredicate(format: format)
        #expect(request.predicate?.formatError == nil)
        let error = try #require(throws: CoreDataError.self) { try context.fetch(request) }
        #expect(error.code == .invalidPredicate)
        #expect(error.description.contains(expected), "\(error)")
    }

    @Test("An unknown entity or sort key is refused, naming what the model has")
    func badRequests() throws {
        let error = try #require(throws: CoreDataError.self) { try context.fetch(NSFetchRequest<Record>(entityName: "Person")) }
        #expect(error.description.contains("\"Person\", which the model lacks (it has Record, Tag)"), "\(error)")
        let sorted = NSFetchRequest<Record>(entityName: "Record")
        sorted.sortDescriptors = [NSSortDescriptor(key: "colour", ascending: true)]
        let sortError = try #require(throws: CoreDataError.self) { try context.fetch(sorted) }
        #expect(sortError.description.contains("colour"), "\(sortError)")
        let wrongClass = try #require(throws: CoreDataError.self) { try context.fetch(NSFetchRequest<Tag>(entityName: "Record")) }
        #expect(wrongClass.description.contains("expects results of type Tag"), "\(wrongClass)")
    }
}
