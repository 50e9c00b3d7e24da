import Foundation
import RestorationModel

/// Draws a captured screen as a phone-shaped HTML/CSS wireframe: the navigation bar at the top,
/// the content, the tab bar at the bottom, each control drawn as what it is (a field as a box, a
/// slider with its knob where the value puts it, a table's rows scrolled as far as the user
/// scrolled them). Elements the user lost are outlined and numbered, the numbers being those of
/// the lost-state list under the drawings; what the snapshot hid has a mark of its own. Styles live in `style.css` (`.wf-*`).
struct ScreenWireframe {
    /// Points of a phone's width, and pixels of the drawing's: frames are scaled by their ratio.
    static let deviceWidth = 375.0
    static let drawnWidth = 200.0
    static let rowHeight = 24.0
    static let deviceRowHeight = 44.0
    var scale: Double { Self.drawnWidth / Self.deviceWidth }

    /// What to mark on the drawing, by element path (`ScreenMarks`).
    var marks: [ScreenMarks.Path: ScreenMarks.Mark] = [:]

    func draw(_ screen: Screen) -> String {
        var top = "", body = "", bottom = "", sheets = ""
        if screen.content.role == .launchImage {
            body = #"<div class="wf-launch">"# + (screen.content.name ?? "Launch image").html + "</div>"
        } else {
            // A sheet is a card over what it was presented from; anything after the front one
            // (an alert) is drawn on that card.
            let children = screen.content.children
            let front = children.lastIndex { $0.role == .sheet }
            for (index, element) in children.enumerated() where front.map({ index <= $0 }) ?? true {
                let path = [index]
                switch element.role {
                case .navigationBar: top += navigationBar(element, path)
                case .tabBar: bottom += tabBar(element, path)
                case .toolbar: bottom += toolbar(element, path)
                case .sheet:
                    let above = index == front ? children.indices.dropFirst(index + 1).map { (children[$0], [$0]) } : []
                    sheets += sheet(element, path, level: sheets.isEmpty ? 0 : 1, holding: above)
                default: body += draw(element, path)
                }
            }
        }
        let whole = marks[ScreenMarks.wholeScreen]
        var out = #"<div class="phone"#
        if let whole { out += " \(whole.style.rawValue)" }
        out += #"" role="img" aria-label=""# + label(top + body + bottom + sheets).html
        out += sheets.isEmpty ? #""><div class="phone-screen">"# : #""><div class="phone-screen wf-behind-sheet">"#
        out += top
        out += #"<div class="wf-content">"# + body + "</div>"
        out += bottom
        out += sheets
        out += "</div>" + badge(whole) + "</div>"
        return out
    }

    /// A sheet: a card with its own bars and content, over the screen it was presented from.
    private func sheet(_ element: ScreenElement, _ path: ScreenMarks.Path, level: Int, holding above: [(ScreenElement, ScreenMarks.Path)]) -> String {
        var top = "", body = "", bottom = ""
        for (index, child) in element.children.enumerated() {
            switch child.role {
            case .navigationBar: top += navigationBar(child, path + [index])
            case .tabBar: bottom += tabBar(child, path + [index])
            case .toolbar: bottom += toolbar(child, path + [index])
            default: body += draw(child, path + [index])
            }
        }
        body += above.map { draw($0.0, $0.1) }.joined()
        let inner = top + #"<div class="wf-content">"# + body + "</div>" + bottom
        return wrap(["wf-sheet"] + (level > 0 ? ["wf-sheet-stacked"] : []), inner: inner, path: path)
    }

    // MARK: Elements

    private func draw(_ element: ScreenElement, _ path: ScreenMarks.Path) -> String {
        let inner: String
        var classes: [String]
        var style = ""
        switch element.role {
        case .label:
            classes = ["wf-label"]
            inner = text(element, ScreenProperty.text).html
        case .textField:
            classes = ["wf-field"]
            let content = element[property: ScreenProperty.text] ?? ""
            let shown: String
            if content.isEmpty {
                shown = element[property: ScreenProperty.placeholder].map { #"<span class="wf-placeholder">"# + $0.html + "</span>" } ?? ""
            } else if element[property: ScreenProperty.secure] == "yes" {
                shown = String(repeating: "•", count: content.count)
            } else {
                shown = content.html
            }
            inner = (element.name.map { #"<span class="wf-field-name">"# + $0.html + "</span>" } ?? "") + #"<span class="wf-box">"# + shown + "</span>"
        case .textView:
            classes = ["wf-textview"]
            inner = text(element, ScreenProperty.text).html.replacingOccurrences(of: "\n", with: "<br>")
        case .button, .barButton:
            classes = ["wf-button"]
            if element[property: ScreenProperty.enabled] == "no" { classes.append("wf-disabled") }
            if element[property: ScreenProperty.selected] == "yes" { classes.append("wf-selected") }
            inner = (element[property: ScreenProperty.title] ?? element[property: ScreenProperty.image] ?? element.name ?? "").html
        case .slider:
            classes = ["wf-slider"]
            let value = Double(element[property: ScreenProperty.value] ?? "") ?? 0
            let low = Double(element[property: ScreenProperty.minimum] ?? "") ?? 0
            let high = Double(element[property: ScreenProperty.maximum] ?? "") ?? 1
            let fraction = high > low ? min(1, max(0, (value - low) / (high - low))) : 0
            inner = (element.name.map { #"<span class="wf-field-name">"# + $0.html + "</span>" } ?? "")
                + #"<span class="wf-track"><span class="wf-knob" style="left: \#(Self.number(fraction * 100))%"></span></span>"#
                + #"<span class="wf-value">"# + ScreenElement.format(value).html + "</span>"
        case .switch:
            classes = ["wf-switch"]
            if element[property: ScreenProperty.value] == "on" { classes.append("wf-on") }
            inner = (element.name ?? "").html + #"<span class="wf-toggle"></span>"#
        case .segmentedControl:
            classes = ["wf-segments"]
            inner = segments(element, itemClass: "wf-segment")
        case .datePicker:
            classes = ["wf-date"]
            inner = (element.name.map { #"<span class="wf-field-name">"# + $0.html + "</span>" } ?? "")
                + #"<span class="wf-box">◷ "# + text(element, ScreenProperty.value).html + "</span>"
        case .imageView:
            classes = ["wf-image"]
            inner = "▨ " + text(element, ScreenProperty.image).html
        case .table:
            classes = ["wf-table"]
            let editing = element[property: ScreenProperty.editing] == "yes"
            if editing { classes.append("wf-editing") }
            var rows = ""
            for (index, cell) in element.children.enumerated() {
                rows += self.cell(cell, path + [index], editing: editing)
            }
            let offset = Self.point(element[property: ScreenProperty.offset])?.y ?? 0
            // The children are the rows on screen already, from the first one showing: only the
            // part of that row scrolled out of sight is drawn above the top.
            let firstRow = element.children.first { $0.role == .cell }?.indexPath?.last ?? 0
            let shift = max(0, offset - Double(firstRow) * Self.deviceRowHeight) / Self.deviceRowHeight * Self.rowHeight
            inner = #"<div class="wf-rows""# + (shift > 0 ? #" style="margin-top: -\#(Self.number(shift))px""# : "") + ">" + rows + "</div>"
                + (offset > 0 ? #"<span class="wf-note">scrolled to "# + text(element, ScreenProperty.offset).html + "</span>" : "")
        case .cell:
            return cell(element, path, editing: false)
        case .scrollView:
            classes = ["wf-view"]
            inner = children(of: element, path) + (element[property: ScreenProperty.offset].map { #"<span class="wf-note">scrolled to "# + $0.html + "</span>" } ?? "")
        case .launchImage:
            classes = ["wf-launch"]
            inner = (element.name ?? "Launch image").html
        case .navigationBar:
            return navigationBar(element, path)
        case .tabBar:
            return tabBar(element, path)
        case .toolbar:
            return toolbar(element, path)
        case .alert:
            classes = ["wf-alert"]
            inner = children(of: element, path)
        case .sheet:
            return sheet(element, path, level: 0, holding: [])
        case .stepper:
            classes = ["wf-stepper"]
            if element[property: ScreenProperty.enabled] == "no" { classes.append("wf-disabled") }
            inner = (element.name.map { #"<span class="wf-field-name">"# + $0.html + "</span>" } ?? "")
                + #"<span class="wf-value">"# + text(element, ScreenProperty.value).html + #"</span><span class="wf-steps">− | +</span>"#
        case .window, .view:
            classes = ["wf-view"]
            let summary = element.properties.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            inner = (summary.isEmpty ? "" : #"<span class="wf-note">"# + summary.html + "</span>") + children(of: element, path)
        }
        if let frame = Self.rect(element[property: ScreenProperty.frame]), element.role != .view, element.role != .window {
            classes.append("wf-placed")
            style = #" style="left: \#(Self.number(frame.x * scale))px; top: \#(Self.number(frame.y * scale))px; width: \#(Self.number(frame.width * scale))px""#
        }
        return wrap(classes, style: style, inner: inner, path: path)
    }

    private func children(of element: ScreenElement, _ path: ScreenMarks.Path) -> String {
        element.children.enumerated().map { draw($0.element, path + [$0.offset]) }.joined()
    }

    private func cell(_ cell: ScreenElement, _ path: ScreenMarks.Path, editing: Bool) -> String {
        var classes = ["wf-cell"]
        if cell[property: ScreenProperty.selected] == "yes" { classes.append("wf-selected") }
        var inner = editing ? #"<span class="wf-delete">⊖</span>"# : ""
        inner += #"<span class="wf-cell-text">"# + text(cell, ScreenProperty.text).html + "</span>"
        if let detail = cell[property: ScreenProperty.detail] { inner += #"<span class="wf-cell-detail">"# + detail.html + "</span>" }
        if editing { inner += #"<span class="wf-reorder">≡</span>"# }
        return wrap(classes, inner: inner, path: path)
    }

    private func navigationBar(_ bar: ScreenElement, _ path: ScreenMarks.Path) -> String {
        var left = bar[property: ScreenProperty.back].map { "‹ " + $0.html } ?? ""
        var right = ""
        for (index, item) in bar.children.enumerated() {
            let drawn = wrap(["wf-bar-item"], tag: "span", inner: text(item, ScreenProperty.title).html, path: path + [index])
            if item[property: ScreenProperty.side] == "left" {
                if bar[property: ScreenProperty.back] == nil { left += drawn }
            } else {
                right += drawn
            }
        }
        let inner = #"<span class="wf-nav-left">"# + left + #"</span><span class="wf-nav-title">"# + text(bar, ScreenProperty.title).html
            + #"</span><span class="wf-nav-right">"# + right + "</span>"
        return wrap(["wf-navbar"], inner: inner, path: path)
    }

    private func tabBar(_ bar: ScreenElement, _ path: ScreenMarks.Path) -> String {
        wrap(["wf-tabbar"], inner: segments(bar, itemClass: "wf-tab"), path: path)
    }

    private func toolbar(_ bar: ScreenElement, _ path: ScreenMarks.Path) -> String {
        let items = bar.children.enumerated().map { wrap(["wf-bar-item"], inner: text($0.element, ScreenProperty.title).html, path: path + [$0.offset]) }.joined()
        return wrap(["wf-toolbar"], inner: items, path: path)
    }

    private func segments(_ element: ScreenElement, itemClass: String) -> String {
        let selected = element[property: ScreenProperty.selected]
        let names = text(element, ScreenProperty.segments).components(separatedBy: " | ").filter { !$0.isEmpty }
        return names.map { name in
            #"<span class="\#(itemClass)\#(name == selected ? " wf-selected" : "")">"# + name.html + "</span>"
        }.joined()
    }

    // MARK: Marks

    /// What the drawing shows, for a screen reader (the phone is one image to it, not a run of
    /// loose words): the screen's words in order, then what is marked on it.
    private func label(_ drawn: String) -> String {
        let withoutBadges = drawn.replacingOccurrences(of: #"<span class="wf-badge"[^>]*>[^<]*</span>"#, with: " ", options: .regularExpression)
        let words = HTML.text(of: withoutBadges).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var out = "Drawn phone screen" + (words.isEmpty ? "" : ": " + words)
        var marked: [String] = []
        for style in ScreenMarks.Style.allCases {
            let found = marks.values.filter { $0.style == style }
            guard !found.isEmpty else { continue }
            let numbers = found.flatMap(\.numbers).sorted()
            marked.append(style.spoken + (numbers.isEmpty ? "" : " " + numbers.map(String.init).joined(separator: ", ")))
        }
        if !marked.isEmpty { out += ". Marked: " + marked.joined(separator: "; ") }
        return out + "."
    }

    private func wrap(_ classes: [String], tag: String = "div", style: String = "", inner: String, path: ScreenMarks.Path) -> String {
        let mark = marks[path]
        var all = classes
        if let mark { all.append(mark.style.rawValue) }
        return "<\(tag) class=\"\(all.joined(separator: " "))\"" + style + ">" + inner + badge(mark) + "</\(tag)>"
    }

    /// The numbers of the lost list after the mark's symbol, or the mark's sign when it has none
    /// (hidden in the snapshot).
    private func badge(_ mark: ScreenMarks.Mark?) -> String {
        guard let mark else { return "" }
        let text = mark.numbers.isEmpty ? mark.style.sign : mark.style.symbol + mark.numbers.map(String.init).joined(separator: ",")
        return #"<span class="wf-badge" title=""# + mark.style.meaning.html + #"">"# + text + "</span>"
    }

    // MARK: Values

    private func text(_ element: ScreenElement, _ name: String) -> String {
        element[property: name] ?? ""
    }

    /// `(0, 176)` as a point.
    static func point(_ text: String?) -> (x: Double, y: Double)? {
        guard let text else { return nil }
        let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "()")).split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// `(148, 103) 176×20` as a rectangle.
    static func rect(_ text: String?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let text, let close = text.firstIndex(of: ")"), let origin = point(String(text[...close])) else { return nil }
        let size = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces).split(separator: "×").compactMap { Double($0) }
        guard size.count == 2 else { return nil }
        return (origin.x, origin.y, size[0], size[1])
    }

    /// A CSS number: at most one decimal.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
