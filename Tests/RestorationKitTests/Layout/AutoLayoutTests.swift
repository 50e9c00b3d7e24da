import Foundation
import Testing
@testable import RestorationKit

/// A screen built with anchors, as real screens are: a heading pinned to the safe area, a box
/// across the layout margins below it, a button centred near the bottom, a long line kept
/// inside the screen, and a card whose text is pinned inside it.
final class PinnedViewController: UIViewController {
    let heading = UILabel()
    let box = UIView()
    let save = UIButton(type: .system)
    let long = UILabel()
    let card = UIView()
    let cardText = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Pinned"
        heading.text = "Hello"
        save.setTitle("Save", for: .normal)
        long.text = String(repeating: "word ", count: 20)
        cardText.text = "Inside"
        for subview in [heading, box, save, long, card] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        cardText.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(cardText)
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            heading.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 20),
            heading.topAnchor.constraint(equalTo: safe.topAnchor, constant: 20),
            box.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            box.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 8),
            box.heightAnchor.constraint(equalToConstant: 100),
            save.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            save.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -20),
            long.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 20),
            long.trailingAnchor.constraint(lessThanOrEqualTo: safe.trailingAnchor, constant: -20),
            long.topAnchor.constraint(equalTo: box.bottomAnchor, constant: 8),
            card.leadingAnchor.constraint(equalTo: box.leadingAnchor),
            card.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
            card.topAnchor.constraint(equalTo: long.bottomAnchor, constant: 8),
            cardText.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            cardText.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            card.bottomAnchor.constraint(equalTo: cardText.bottomAnchor, constant: 10),
        ])
    }
}

extension RuleBook {
    /// Auto Layout's API, resolved well enough to place views as iOS does on the simulated
    /// iPhone (375 × 667 points, a 20-point status bar, a 44-point navigation bar).
    @Suite struct AutoLayout {
        init() { Fixture.reset() }

        private func pinnedOnScreen() throws -> (ApplicationHost, PinnedViewController, UINavigationController) {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            let pinned = PinnedViewController()
            navigation.pushViewController(pinned, animated: false)
            return (host, pinned, navigation)
        }

        @Test("Views pinned with anchors land where iOS puts them: to the safe area below the bars, the layout margins, a sibling, the centre")
        func pinnedViews() throws {
            let (host, pinned, _) = try pinnedOnScreen()
            _ = host.screen
            #expect(pinned.view.safeAreaInsets == UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
            #expect(pinned.heading.frame == CGRect(x: 20, y: 84, width: 40, height: 20), "5 characters of 8 points, one 20-point line")
            #expect(pinned.box.frame == CGRect(x: 16, y: 112, width: 343, height: 100), "a root view's margins are 16 points at the sides")
            #expect(pinned.save.frame == CGRect(x: 163.5, y: 613, width: 48, height: 34))
            #expect(pinned.long.frame == CGRect(x: 20, y: 220, width: 335, height: 20), "its text's 800 points held within the screen")
            #expect(pinned.card.frame == CGRect(x: 16, y: 248, width: 171.5, height: 40), "as tall as its text and the insets around it")
            #expect(pinned.cardText.frame == CGRect(x: 10, y: 10, width: 48, height: 20), "placed inside its card, in the card's coordinates")
            #expect(host.screen.drawing().contains("Hello  @(20, 84) 40×20"))
            #expect(host.screen.drawing().contains("Inside  @(26, 258) 48×20"), "a screen shows where a view is on the screen")
        }

        @Test("In a tab bar the safe area ends above the tab bar; without a navigation bar it starts below the status bar")
        func safeAreaInTabs() throws {
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let pinned = PinnedViewController()
            let tabs = UITabBarController()
            tabs.viewControllers = [pinned]
            host.delegate.window?.rootViewController = tabs
            pinned.view.layoutIfNeeded()
            #expect(pinned.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 49, right: 0))
            #expect(pinned.heading.frame.origin == CGPoint(x: 20, y: 40))
            #expect(pinned.save.frame.maxY == CGFloat(667 - 49 - 20))
        }

        @Test("Changing a constraint moves the view at the next layout pass; deactivating it leaves the view where it was")
        func changingConstraints() throws {
            let (host, pinned, _) = try pinnedOnScreen()
            pinned.view.layoutIfNeeded()
            let height = try #require(pinned.box.constraints.first { $0.firstAttribute == .height }, "a size alone is held by its view")
            #expect(height.isActive)
            height.constant = 50
            _ = host.screen
            #expect(pinned.box.frame.height == 50)
            #expect(pinned.long.frame.minY == 170, "what is pinned below it follows")
            NSLayoutConstraint.deactivate([height])
            #expect(!height.isActive)
            _ = host.screen
            #expect(pinned.box.frame.height == 50)
        }

        @Test("A constraint's priority: an optional one gives way to a required one; an inequality holds against the content size")
        func priorities() {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let label = UILabel()
            label.text = "Twelve chars"
            label.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(label)
            let wish = label.widthAnchor.constraint(equalToConstant: 200)
            wish.priority = .defaultHigh + 1
            let optionalHeight = label.heightAnchor.constraint(equalToConstant: 60)
            optionalHeight.priority = UILayoutPriority(999)
            NSLayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                label.topAnchor.constraint(greaterThanOrEqualTo: container.topAnchor, constant: 30),
                label.widthAnchor.constraint(lessThanOrEqualToConstant: 150),
                wish, optionalHeight,
                label.heightAnchor.constraint(equalToConstant: 44),
            ])
            container.layoutIfNeeded()
            // The wish for 200 points (751) beats the text's 96 (held at 750) but gives way to the
            // required 150 at most; the optional 60-point height gives way to the required 44;
            // the top, bounded only from above, lands on its bound.
            #expect(label.frame == CGRect(x: 0, y: 30, width: 150, height: 44))
        }

        @Test("What cannot be resolved keeps its frame, and nothing a layout holds makes it fail: conflicts, loops, mixed axes, a lone position")
        func unresolvable() {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let lonely = UIView(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
            let first = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
            let second = UIView(frame: CGRect(x: 9, y: 9, width: 9, height: 9))
            for view in [lonely, first, second] {
                view.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(view)
            }
            NSLayoutConstraint.activate([
                lonely.widthAnchor.constraint(equalToConstant: 100),
                first.leadingAnchor.constraint(equalTo: second.leadingAnchor),
                second.leadingAnchor.constraint(equalTo: first.leadingAnchor, constant: 10),
                NSLayoutConstraint(item: first, attribute: .top, relatedBy: .equal, toItem: second, attribute: .width, multiplier: 1, constant: 0),
                NSLayoutConstraint(item: first, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 40),
                NSLayoutConstraint(item: second, attribute: .height, relatedBy: .equal, toItem: first, attribute: .height, multiplier: 0, constant: .infinity),
            ])
            container.layoutIfNeeded()
            #expect(lonely.frame == CGRect(x: 5, y: 6, width: 7, height: 8), "a width alone places nothing")
            #expect(first.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
            #expect(second.frame == CGRect(x: 9, y: 9, width: 9, height: 9))
        }

        @Test("A constraint is held by the nearest common ancestor of its views, and leaves with a view taken out of the hierarchy")
        func holders() {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let row = UIView()
            let left = UIView(), right = UIView()
            root.addSubview(row)
            row.addSubview(left)
            row.addSubview(right)
            let between = left.trailingAnchor.constraint(equalTo: right.leadingAnchor)
            let outer = left.topAnchor.constraint(equalTo: root.topAnchor)
            NSLayoutConstraint.activate([between, outer])
            #expect(row.constraints.contains { $0 === between })
            #expect(root.constraints.contains { $0 === outer })
            left.removeFromSuperview()
            #expect(!between.isActive && !outer.isActive)
        }

        @Test("A view's tint is its own, else its superview's, up to the window's; the system blue at the top")
        func tintColor() throws {
            let (_, pinned, _) = try pinnedOnScreen()
            #expect(pinned.cardText.tintColor == .systemBlue)
            let window = try #require(UIApplication.current?.keyWindow)
            window.tintColor = .red
            #expect(pinned.cardText.tintColor == .red, "a root view inherits the window's tint through its controller")
            pinned.card.tintColor = .green
            #expect(pinned.cardText.tintColor == .green)
            pinned.card.tintColor = nil
            #expect(pinned.cardText.tintColor == .red)
        }

        @Test("The simulated device is an iPhone: the trait collection's idiom and size classes say so, everywhere they are asked")
        func traits() throws {
            let (_, pinned, _) = try pinnedOnScreen()
            for traits in [pinned.traitCollection, pinned.view.traitCollection, UIScreen.main.traitCollection] {
                #expect(traits.userInterfaceIdiom == .phone)
                #expect(traits.horizontalSizeClass == .compact)
                #expect(traits.verticalSizeClass == .regular)
            }
            #expect(UIDevice.current.userInterfaceIdiom == .phone)
            #expect(pinned.traitCollection.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
            #expect(!pinned.traitCollection.containsTraits(in: UITraitCollection(userInterfaceIdiom: .pad)))
        }
    }
}
