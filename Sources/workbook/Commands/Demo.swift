import ArgumentParser
import Foundation
import RestorationKit

/// `workbook demo`: one app, killed in the background and relaunched, without and then with
/// state restoration, so the difference is there to see.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch an app be killed in the background and come back, without and with state restoration.",
        discussion: """
            The app is the talk's sample: a slider tab, and a navigation tab that picks a city and opens its page. \
            The demo moves the slider, picks Tokyo, opens its page, presses Home, kills the app as the system \
            would, and launches it again, once without restoration and once with it.
            """
    )

    @Flag(help: "Also print the archive and the restoration log.")
    var verbose = false

    @Flag(help: "Print the outcome as JSON.")
    var json = false

    @Option(help: "Keep the app's container in this folder instead of a temporary one.", completion: .directory)
    var container: String?

    func run() throws {
        let style = TerminalStyle()
        var outcomes: [DemoRun.Outcome] = []
        for (title, delegate) in [("Without state restoration", CityDemoWithoutRestorationAppDelegate.self as ApplicationHost.Delegate.Type),
                                  ("With state restoration", CityDemoAppDelegate.self)] {
            let folder = container.map { URL(fileURLWithPath: $0).appendingPathComponent(title.replacingOccurrences(of: " ", with: "-")) }
            let outcome = try DemoRun(delegate: delegate, containerURL: folder).run()
            outcomes.append(outcome)
            if !json { print(outcome.report(title: title, style: style, verbose: verbose)) }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(outcomes), as: UTF8.self))
        }
    }
}
