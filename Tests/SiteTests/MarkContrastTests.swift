import Foundation
import Testing

/// The marks on drawn screens (lost, what came back, hidden in the snapshot, flicker) must be
/// told apart by people with low vision in both themes: WCAG AA asks 3:1 for an outline against
/// what surrounds it and 4.5:1 for text (the badges' numbers, the flicker flag).
struct MarkContrastTests {
    static let style = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/style.css")

    /// The custom properties of the light theme (`:root`) and of the dark one (the media query).
    static func themes() throws -> [(name: String, colours: [String: String])] {
        let css = try String(contentsOf: style, encoding: .utf8)
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark)"))
        func colours(_ text: Substring) -> [String: String] {
            var found: [String: String] = [:]
            for match in text.matches(of: #/--([a-z-]+):\s*(\#[0-9a-fA-F]{6})/#) { found[String(match.1)] = String(match.2) }
            return found
        }
        let light = css[..<dark.lowerBound]
        let darkBlock = css[dark.upperBound...].prefix { $0 != "}" }
        return [("light", colours(light)), ("dark", colours(light).merging(colours(darkBlock)) { $1 })]
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16)!
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test("Every mark's colour stands out 3:1 from the screen, the bars and the panel, and its badge's text reads 4.5:1, in both themes")
    func marksMeetWCAGAA() throws {
        for (theme, colours) in try Self.themes() {
            for mark in ["lost", "came-back", "hidden", "flicker"] {
                let colour = try #require(colours[mark], "\(theme): --\(mark)")
                for surface in ["screen", "bar", "panel"] {
                    let ratio = Self.contrast(colour, try #require(colours[surface]))
                    #expect(ratio >= 3, "\(theme): --\(mark) on --\(surface) is \(ratio):1")
                }
                let text = Self.contrast(try #require(colours["badge-text"]), colour)
                #expect(text >= 4.5, "\(theme): the badge's text on --\(mark) is \(text):1")
            }
            let flag = Self.contrast(try #require(colours["flicker"]), try #require(colours["flag"]))
            #expect(flag >= 4.5, "\(theme): the flicker flag's text is \(flag):1")
        }
    }

    @Test("Code, line numbers, and a drawing's selected tab read 4.5:1 on every background they sit on, in both themes")
    func textMeetsWCAGAA() throws {
        let pairs: [(text: [String], on: [String])] = [
            // A listing's syntax colours and line numbers, on plain, added and removed lines.
            (["k", "t", "s", "n", "c", "a", "l", "muted", "text"], ["code-background", "added", "removed"]),
            // A drawn tab bar's tabs, the selected one on its highlight, and a selected cell's detail.
            (["accent", "muted"], ["bar", "selected", "panel"]),
        ]
        for (theme, colours) in try Self.themes() {
            for pair in pairs {
                for text in pair.text {
                    for surface in pair.on {
                        let ratio = Self.contrast(try #require(colours[text], "\(theme): --\(text)"), try #require(colours[surface]))
                        #expect(ratio >= 4.5, "\(theme): --\(text) on --\(surface) is \(ratio):1")
                    }
                }
            }
        }
    }

    @Test("The marks differ by outline style too, not only by colour")
    func marksDifferByShape() throws {
        let css = try String(contentsOf: Self.style, encoding: .utf8)
        #expect(css.contains(".wf-lost { outline: 2px solid"))
        #expect(css.contains(".wf-came-back { outline: 2px dashed"))
        #expect(css.contains(".wf-hidden { outline: 2px dotted"))
        #expect(css.contains(".phone.wf-flicker { outline: 4px double"))
    }
}
