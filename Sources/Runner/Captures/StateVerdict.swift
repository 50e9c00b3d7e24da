import Captures
import Foundation
import Scenarios

/// What a step's scenarios say about the state its user keeps, as `workbook run` sums it up on
/// one line. A run whose app crashed (or hung), or ended on a crash its scenario expected, said
/// nothing about what it keeps, since no screen came back to compare, so it is never summed up
/// as keeping everything.
public enum StateVerdict: Equatable, Sendable {
    /// An app's process ended by itself (a signal, a fatal error) in these scenarios.
    case crashed(scenarios: [String])
    /// The app stopped answering and was killed at the time limit in these scenarios.
    case hung(scenarios: [String])
    /// Every scenario came back to the screen and state the user left.
    case keepsEverything
    /// What the user loses when the system kills the app, the screen first.
    case loses([String])

    /// A force quit is the user choosing to start over, so what it loses does not count.
    public init(_ results: [ScenarioResult]) {
        let crashed = results.filter { $0.stop == .crashed || $0.endsCrashed }.map(\.scenario)
        let hung = results.filter { $0.stop == .hung }.map(\.scenario)
        if !crashed.isEmpty { self = .crashed(scenarios: crashed); return }
        if !hung.isEmpty { self = .hung(scenarios: hung); return }
        var lost: [String] = []
        for result in results where !result.steps.contains(where: \.isForceQuit) {
            for loss in result.lost {
                let what = switch loss.kind {
                case .screen: Self.screen
                case .tab: Self.tab
                case .modal: Self.modal
                default: loss.summary
                }
                if !lost.contains(what) { lost.append(what) }
            }
        }
        if lost.isEmpty { self = .keepsEverything; return }
        let first = [Self.screen, Self.modal, Self.tab]
        self = .loses(lost.enumerated().sorted { left, right in
            let (a, b) = (first.firstIndex(of: left.element) ?? first.count, first.firstIndex(of: right.element) ?? first.count)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element))
    }

    public static let screen = "the screen it was on"
    public static let tab = "the tab"
    public static let modal = "the screen open over the others"
}
