import RestorationModel
import Scenarios

/// Which kinds of state a criterion is about, read from what its public checks assert: `expect
/// selected tab is …` is about the tab, `expect reminder is 2026-11-22 09:30` about a date. A
/// check that counts for several criteria fails only those whose kind of state it found lost.
struct CriterionKinds {
    private var kinds: [String: Set<StateLoss.Kind>] = [:]

    init(_ checks: CheckSet) {
        for criterion in checks.criteria {
            let publicChecks = checks.checks(for: criterion).filter { !$0.hidden }
            kinds[criterion.tag] = Set(publicChecks.flatMap { check in
                check.scenario.steps.compactMap(\.expectation).flatMap(Self.kinds(assertedBy:))
            })
        }
    }

    /// Whether a loss of this kind counts against the criterion. A criterion whose public checks
    /// name no particular kind counts every loss; coming back on another screen or without the
    /// open modal loses everything on it, so it counts against every criterion.
    func counts(_ kind: StateLoss.Kind, against criterion: Criterion) -> Bool {
        guard kind != .screen, kind != .modal, let named = kinds[criterion.tag], !named.isEmpty else { return true }
        return named.contains(kind)
    }

    static func kinds(assertedBy expectation: Expectation) -> [StateLoss.Kind] {
        switch expectation {
        case .selectedTab: return [.tab]
        case .screenShows, .screenDoesNotShow: return [.content]
        case .elementIs(_, let value), .elementIsNot(_, let value):
            switch value {
            case .text: return [.text, .content, .selection]
            case .number: return [.value]
            case .date: return [.date]
            case .scrolled: return [.scrollPosition]
            case .state(.editing): return [.editingMode]
            case .state(.enabled), .state(.disabled): return []
            case .state: return [.selection]
            }
        default: return []
        }
    }
}
