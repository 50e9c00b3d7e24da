extension ChapterCatalog {
    /// What an author reads about each stray scenario of `chapter`: the file, and why it would
    /// never run. `workbook run` and `workbook build` both stop on these, with the same words,
    /// so an author never believes a chapter checked by scenarios that did not run.
    public static func strayScenarioProblems(of chapter: Chapter) -> [String] {
        let apps = chapter.apps.map(\.name)
        let place = "Chapters/\(chapter.name)"
        return strayScenarios(of: chapter).map { stray in
            switch stray {
            case .folder(let name):
                "\(place)/Scenarios/\(name): \(UnknownName("app", name, in: place + "/Apps", known: apps)) Its scenarios would never run."
            case .file(let name):
                "\(place)/Scenarios/\(name):1: this scenario is in no app's folder, so it would never run; "
                    + "move it to Scenarios/<App>/, the folder of the app it drives (\(apps.isEmpty ? "the chapter has no apps" : "apps: " + apps.joined(separator: ", ")))"
            }
        }
    }
}
