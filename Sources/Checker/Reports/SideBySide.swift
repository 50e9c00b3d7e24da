/// Drawings printed next to each other, each under its caption; one under the other when side by
/// side they would be wider than `width` columns (a narrow terminal, `COLUMNS=60`).
public enum SideBySide {
    public static func join(_ columns: [(caption: String, drawing: String)], gap: Int = 2, width: Int = .max) -> [String] {
        let blocks = columns.map { [$0.caption] + $0.drawing.components(separatedBy: "\n") }
        let widths = blocks.map { $0.map(\.count).max() ?? 0 }
        guard widths.reduce(0, +) + gap * max(blocks.count - 1, 0) <= width else {
            return blocks.enumerated().flatMap { index, block in (index == 0 ? [] : [""]) + block }
        }
        let height = blocks.map(\.count).max() ?? 0
        return (0..<height).map { row in
            zip(blocks, widths).map { block, width in
                let line = row < block.count ? block[row] : ""
                return line + String(repeating: " ", count: width - line.count)
            }.joined(separator: String(repeating: " ", count: gap))
        }
    }
}
