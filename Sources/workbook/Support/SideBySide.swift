/// Drawings printed next to each other, each under its caption.
enum SideBySide {
    static func join(_ columns: [(caption: String, drawing: String)], gap: Int = 2) -> [String] {
        let blocks = columns.map { [$0.caption] + $0.drawing.components(separatedBy: "\n") }
        let widths = blocks.map { $0.map(\.count).max() ?? 0 }
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { row in
            zip(blocks, widths).map { block, width in
                let line = row < block.count ? block[row] : ""
                return line + String(repeating: " ", count: width - line.count)
            }.joined(separator: String(repeating: " ", count: gap))
        }
    }
}
