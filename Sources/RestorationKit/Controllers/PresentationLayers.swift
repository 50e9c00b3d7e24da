/// The controllers stacked in a window, from its root up through each modal presentation, and
/// what each presentation style leaves of the ones below: what is drawn and which controllers
/// count as on screen for appearance callbacks.
@preconcurrency @MainActor struct PresentationLayers {
    /// The root first, then each presented controller, bottom to top.
    let chain: [UIViewController]

    init(root: UIViewController) {
        var chain = [root]
        var top = root
        while let presented = top.presentedViewController, !chain.contains(where: { $0 === presented }) {
            chain.append(presented)
            top = presented
        }
        self.chain = chain
    }

    /// The layers a drawing shows: from the last one that covers the whole screen (the root, or
    /// a full-screen presentation) up to the top; the ones above it are sheets over it.
    func drawn(upTo top: Int) -> ArraySlice<UIViewController> {
        let layers = chain[...top]
        let base = layers.indices.last { $0 == 0 || !layers[$0].modalPresentationStyle.showsAsSheet } ?? 0
        return layers[base...]
    }

    /// The controllers on screen, as appearance callbacks count them: everything from the last
    /// presentation that took its presenter off the screen, up.
    var onScreen: [UIViewController] {
        let base = chain.indices.last { $0 == 0 || chain[$0].modalPresentationStyle.removesPresenter } ?? 0
        return chain[base...].flatMap { $0.visibleChain() }
    }
}
