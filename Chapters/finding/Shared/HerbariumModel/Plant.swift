import Foundation

/// A pressed plant in the herbarium: its name, its family, and where it was collected.
public struct Plant: Equatable, Sendable {
    public let name: String
    public let family: String
    public let collected: String

    public init(name: String, family: String, collected: String) {
        self.name = name
        self.family = family
        self.collected = collected
    }
}
