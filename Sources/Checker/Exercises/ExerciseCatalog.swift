import Captures
import Foundation
import Runner

/// The exercises the chapters set: every `Chapters/<chapter>/Exercises/*.exercise`.
public struct ExerciseCatalog {
    public let exercises: [Exercise]
    public let chapters: ChapterCatalog

    /// Reads every exercise below the package's `Chapters` folder, checking that its starter and
    /// solution are apps of its chapter.
    public init(packageRoot: URL) throws {
        chapters = try ChapterCatalog(root: packageRoot.appendingPathComponent("Chapters"))
        var found: [Exercise] = []
        for chapter in chapters.chapters {
            let folder = chapter.folder.appendingPathComponent("Exercises")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".exercise") }.sorted()
            for name in files {
                let file = folder.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: file.path) else {
                    throw CheckerError.unreadable(file)
                }
                let exercise = try ExerciseFile.parseExercise(String(decoding: data, as: UTF8.self), file: file, chapter: chapter.name)
                for app in [exercise.starter, exercise.solution] where !chapter.apps.contains(where: { $0.name == app }) {
                    throw CheckerError.notAnApp(file: file, app: app, chapter: chapter.name, apps: chapter.apps.map(\.name))
                }
                if let other = found.first(where: { $0.name == exercise.name }) {
                    throw CheckerError.exerciseSetTwice(file: file, exercise: exercise.name, other: other.file)
                }
                found.append(exercise)
            }
        }
        exercises = found
    }

    public func exercise(named name: String) throws -> Exercise {
        if let exercise = exercises.first(where: { $0.name == name.lowercased() }) { return exercise }
        throw UnknownName("exercise", name, known: exercises.map(\.name), hint: "see `workbook exercise list`")
    }

    /// The chapter's app folder of one of an exercise's apps.
    public func app(_ name: String, of exercise: Exercise) throws -> ChapterCatalog.App {
        guard let app = try chapters.chapter(named: exercise.chapter).apps.first(where: { $0.name == name }) else {
            throw CheckerError.notAnApp(file: exercise.file, app: name, chapter: exercise.chapter, apps: nil)
        }
        return app
    }
}
