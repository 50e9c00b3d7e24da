/// Draws a screen as text: a phone-shaped box with the navigation bar at the top, the content,
/// and the tab bar at the bottom. What a terminal, a log or a test failure shows of a screen.
public struct ScreenDrawing {
    /// Characters between the box's side walls.
    public var width: Int

    /// Content rows at the least, so every screen has a phone's proportions.
    public var minimumHeight: Int

    public init(width: Int = 38, minimumHeight: Int = 8) {
        self.width = max(16, width)
        self.minimumHeight = max(1, minimumHeight)
    }

    public func draw(_ screen: Screen) -> String {
        if screen.content.role == .launchImage {
            return box(top: [], body: ["", center("Launch image"), ""], bottom: []).joined(separator: "\n")
        }
        let children = screen.content.children
        guard let front = children.lastIndex(where: { $0.role == .sheet }) else {
            let (top, body, bottom) = sections(of: children)
            return box(top: top, body: body, bottom: bottom).joined(separator: "\n")
        }
        // A sheet is a card over the screen it came from: what lies behind shows as its first
        // line above the card (a bar, most often), and the card holds the sheet's own screen.
        let behind = [Array(children[..<(children.firstIndex { $0.role == .sheet } ?? front)])]
            + children[..<front].filter { $0.role == .sheet }.map(\.children)
        let peeking = behind.map { layer in
            let (top, body, _) = sections(of: layer)
            return (top + body).first ?? ""
        }
        let card = ScreenDrawing(width: width - 4, minimumHeight: max(1, minimumHeight - peeking.count - 2))
        let (top, body, bottom) = card.sections(of: children[front].children + children[(front + 1)...])
        return box(top: [], body: peeking + card.box(top: top, body: body, bottom: bottom, rounded: true), bottom: []).joined(separator: "\n")
    }

    /// A layer's lines: its navigation bar at the top, its tab bar at the bottom, the rest between.
    private func sections(of elements: some Sequence<ScreenElement>) -> (top: [String], body: [String], bottom: [String]) {
        var top: [String] = [], body: [String] = [], bottom: [String] = []
        for element in elements {
            switch element.role {
            case .navigationBar: top += navigationBar(element)
            case .tabBar: bottom += tabBar(element)
            default: body += lines(for: element, depth: 0)
            }
        }
        return (top, body, bottom)
    }

    /// The phone-shaped box, or a sheet's card (rounded), at least `minimumHeight` rows inside.
    private func box(top: [String], body: [String], bottom: [String], rounded: Bool = false) -> [String] {
        var body = body
        let contentRows = body.count + top.count + bottom.count + (top.isEmpty ? 0 : 1) + (bottom.isEmpty ? 0 : 1)
        if contentRows < minimumHeight { body += Array(repeating: "", count: minimumHeight - contentRows) }

        let rule = String(repeating: "─", count: width + 2)
        var out = [(rounded ? "╭" : "┌") + rule + (rounded ? "╮" : "┐")]
        for line in top { out.append(row(line)) }
        if !top.isEmpty { out.append("├" + rule + "┤") }
        for line in body { out.append(row(line)) }
        if !bottom.isEmpty { out.append("├" + rule + "┤") }
        for line in bottom { out.append(row(line)) }
        out.append((rounded ? "╰" : "└") + rule + (rounded ? "╯" : "┘"))
        return out
    }

    // MARK: Elements

    private func lines(for element: ScreenElement, depth: Int) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        let own: [String]
        switch element.role {
        case .label:
            own = [text(element, ScreenProperty.text) + position(element)]
        case .textField:
            let content = element[property: ScreenProperty.text].flatMap { $0.isEmpty ? nil : $0 }
            let shown = content ?? element[property: ScreenProperty.placeholder].map { "‹\($0)›" } ?? ""
            own = [(element.name.map { "\($0): " } ?? "") + "[\(shown)]"]
        case .textView:
            own = ["[" + text(element, ScreenProperty.text).replacingOccurrences(of: "\n", with: " ⏎ ") + "]"]
        case .button:
            own = ["( \(text(element, ScreenProperty.title)) )" + (element[property: ScreenProperty.enabled] == "no" ? " disabled" : "")]
        case .slider:
            own = [(element.name.map { "\($0) " } ?? "") + slider(element)]
        case .segmentedControl:
            own = [choices(element)]
        case .datePicker:
            own = ["◷ " + text(element, ScreenProperty.value) + (element[property: ScreenProperty.minimum].map { " (from \($0))" } ?? "")]
        case .imageView:
            own = ["[image \(text(element, ScreenProperty.image))]" + position(element)]
        case .table:
            var header: [String] = []
            if element[property: ScreenProperty.editing] == "yes" { header.append("(editing)") }
            if let offset = element[property: ScreenProperty.offset] { header.append("(scrolled to \(offset))") }
            return header.map { indent + $0 } + element.children.map { indent + cell($0, editing: element[property: ScreenProperty.editing] == "yes") }
        case .cell:
            own = [cell(element, editing: false)]
        case .scrollView:
            own = element[property: ScreenProperty.offset].map { ["(scrolled to \($0))"] } ?? []
        case .launchImage:
            own = [center(element.name ?? "Launch image")]
        case .alert:
            own = ["┈ alert ┈"]
        case .sheet:
            own = ["┈ sheet ┈"]
        case .stepper:
            own = [(element.name.map { "\($0) " } ?? "") + "[ − ] " + text(element, ScreenProperty.value) + " [ + ]"
                + (element[property: ScreenProperty.enabled] == "no" ? " disabled" : "")]
        default:
            let summary = element.properties.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            own = summary.isEmpty ? [] : [summary]
        }
        let childDepth = own.isEmpty ? depth : depth + 1
        return own.map { indent + $0 } + element.children.flatMap { lines(for: $0, depth: childDepth) }
    }

    private func navigationBar(_ bar: ScreenElement) -> [String] {
        let left = bar[property: ScreenProperty.back].map { "‹ \($0)" }
            ?? bar.children.filter { $0[property: ScreenProperty.side] == "left" }.map { text($0, ScreenProperty.title) }.joined(separator: " ")
        let right = bar.children.filter { $0[property: ScreenProperty.side] != "left" }.map { text($0, ScreenProperty.title) }.joined(separator: " ")
        let title = text(bar, ScreenProperty.title)
        let titleStart = max(left.count + 1, (width - title.count) / 2)
        var line = left + String(repeating: " ", count: max(0, titleStart - left.count)) + title
        let gap = width - line.count - right.count
        line += gap > 0 ? String(repeating: " ", count: gap) + right : " " + right
        return [line]
    }

    private func tabBar(_ bar: ScreenElement) -> [String] {
        let selected = bar[property: ScreenProperty.selected]
        let tabs = text(bar, ScreenProperty.segments).components(separatedBy: " | ").map { $0 == selected ? "[\($0)]" : " \($0) " }
        return [tabs.joined(separator: " ")]
    }

    private func cell(_ cell: ScreenElement, editing: Bool) -> String {
        let marker = cell[property: ScreenProperty.selected] == "yes" ? "▸ " : "  "
        let left = marker + (editing ? "⊖ " : "") + text(cell, ScreenProperty.text)
        var right = cell[property: ScreenProperty.detail] ?? ""
        if editing { right += right.isEmpty ? "≡" : " ≡" }
        let gap = width - left.count - right.count
        return gap > 0 ? left + String(repeating: " ", count: gap) + right : left + " " + right
    }

    private func slider(_ element: ScreenElement) -> String {
        let value = Double(element[property: ScreenProperty.value] ?? "") ?? 0
        let low = Double(element[property: ScreenProperty.minimum] ?? "") ?? 0
        let high = Double(element[property: ScreenProperty.maximum] ?? "") ?? 1
        let track = 12
        let fraction = high > low ? min(1, max(0, (value - low) / (high - low))) : 0
        let knob = Int((fraction * Double(track - 1)).rounded())
        return String(repeating: "─", count: knob) + "●" + String(repeating: "─", count: track - 1 - knob) + " " + ScreenElement.format(value)
    }

    private func choices(_ element: ScreenElement) -> String {
        let selected = element[property: ScreenProperty.selected]
        let segments = text(element, ScreenProperty.segments).components(separatedBy: " | ")
        return "‹ " + segments.map { $0 == selected ? "[\($0)]" : $0 }.joined(separator: " | ") + " ›"
    }

    private func position(_ element: ScreenElement) -> String {
        element[property: ScreenProperty.frame].map { "  @\($0)" } ?? ""
    }

    private func text(_ element: ScreenElement, _ name: String) -> String {
        element[property: name] ?? ""
    }

    private func center(_ text: String) -> String {
        String(repeating: " ", count: max(0, (width - text.count) / 2)) + text
    }

    /// A line fitted between the walls: cut with an ellipsis when too long.
    private func row(_ line: String) -> String {
        let fitted = line.count > width ? String(line.prefix(width - 1)) + "…" : line
        return "│ " + fitted + String(repeating: " ", count: width - fitted.count) + " │"
    }
}

extension Screen {
    /// The screen drawn as text.
    public func drawing(width: Int = 38) -> String {
        ScreenDrawing(width: width).draw(self)
    }
}
