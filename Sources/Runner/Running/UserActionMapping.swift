import Foundation
import RestorationModel
import Scenarios

/// Turns a scenario's user steps into the engine's user actions. Scenarios name elements by
/// identifier, visible text or row; the engine finds them on the live screen.
enum UserActionMapping {
    static func action(for action: Action) throws -> UserAction {
        switch action {
        case .tap(.row(let position, let table)):
            return .selectRow(try row(position), table: try table.map(query))
        case .tap(let element):
            return .tap(try query(element))
        case .type(let text, let element):
            return .type(text: text, into: try query(element))
        case .clear(let element):
            return .clear(try query(element))
        case .toggle(let element):
            return .tap(try query(element))
        case .select(.row(let position, let table)):
            return .selectRow(try row(position), table: try table.map(query))
        case .select(.title(let text)):
            return .selectRow(.text(text), table: nil)
        case .select(let element):
            return .tap(try query(element))
        case .scroll(let element, .offset(let x, let y)):
            return .scroll(try element.map(query), x: x, offset: y)
        case .scroll(let element, .row(let position)):
            return .scrollToRow(try row(position), table: try element.map(query))
        case .deleteRow(.row(let position, let table)):
            return .deleteRow(try row(position), table: try table.map(query))
        case .deleteRow(.title(let text)):
            return .deleteRow(.text(text), table: nil)
        case .moveRow(.row(let position, let table), let destination):
            guard position.section == 0, destination.section == 0 else { throw RunnerError.severalSections }
            return .moveRow(from: .index(position.row), to: destination.row, table: try table.map(query))
        case .moveRow(.title(let text), let destination):
            guard destination.section == 0 else { throw RunnerError.severalSections }
            return .moveRow(from: .text(text), to: destination.row, table: nil)
        case .pick(let date, let element):
            return .pickDate(date.date, picker: try element.map(query))
        case .slide(let element, let value):
            return .slide(to: value, slider: try element.map(query))
        case .chooseSegment(.title(let title), let element):
            return .chooseSegment(title, control: try element.map(query))
        case .chooseSegment(.index(let index), let element):
            return .chooseSegmentAt(index, control: try element.map(query))
        case .chooseTab(.title(let title)):
            return .chooseTab(title)
        case .chooseTab(.index(let index)):
            return .chooseTabAt(index)
        case .goBack:
            return .back
        case .dismiss:
            return .dismiss
        case .deleteRow, .moveRow:
            throw RunnerError.rowToChangeNotNamed
        case .launch, .pressHome, .returnToApp, .kill, .forceQuit, .crash, .crashDuringRestoration, .update, .wait, .fillDisk:
            throw RunnerError.notAUserAction(action)
        }
    }

    static func query(_ element: ElementReference) throws -> ElementQuery {
        switch element {
        case .identifier(let identifier): return .identifier(identifier)
        case .title(let title): return .title(title)
        case .row: throw RunnerError.rowNotAllowed
        }
    }

    private static func row(_ position: RowPosition) throws -> RowQuery {
        guard position.section == 0 else { throw RunnerError.severalSections }
        return .index(position.row)
    }
}
