import Foundation
import Testing
@testable import RestorationKit

/// DESIGN.md, "A launch is a process": each launch has a container, and only what the app wrote
/// there survives a kill.
extension RuleBook {
    @Suite struct Container {
        init() { Fixture.reset() }

        @Test("Foundation's Documents, Caches and Application Support folders are the container's own")
        func foundationFoldersPointIntoTheContainer() throws {
            let phone = Phone()
            phone.launch(NotesAppDelegate.self)
            let documents = try #require(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first)
            let caches = try #require(FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
            #expect(documents.standardizedFileURL.path == phone.container.documentsURL.standardizedFileURL.path)
            #expect(caches.standardizedFileURL.path == phone.container.cachesURL.standardizedFileURL.path)
        }

        @Test("Foundation's Library folder is the container's Library, however the app asks for it, at every launch")
        func libraryFolderIsTheContainers() throws {
            for phone in [Phone(), Phone()] {
                phone.launch(NotesAppDelegate.self)
                let expected = phone.container.libraryURL.standardizedFileURL.path
                let library = try #require(FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask).first)
                #expect(library.standardizedFileURL.path == expected)
                #expect(NSSearchPathForDirectoriesInDomains(.libraryDirectory, .userDomainMask, true).first == expected)
                let created = try FileManager.default.url(for: .libraryDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                #expect(created.standardizedFileURL.path == expected)
                #expect(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first?.standardizedFileURL.path
                        == phone.container.documentsURL.standardizedFileURL.path, "the other folders are Foundation's own answers")
            }
        }

        @Test("A file the app saved in Documents survives a kill; what it only held in memory does not")
        func onlyTheContainerSurvives() throws {
            let phone = Phone()
            let first = phone.launch(NotesAppDelegate.self)
            let documents = try #require(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first)
            try Data("saved".utf8).write(to: documents.appendingPathComponent("items.archive"))
            (first.delegate as? NotesAppDelegate)?.navigation?.pushViewController(NoteViewController(note: "in memory"), animated: false)
            phone.kill() // in the foreground: nothing was preserved

            let second = phone.launch(NotesAppDelegate.self)
            #expect(FileManager.default.contents(atPath: phone.container.documentsURL.appendingPathComponent("items.archive").path) == Data("saved".utf8))
            #expect((second.delegate as? NotesAppDelegate)?.navigation?.viewControllers.count == 1)
        }
    }
}
