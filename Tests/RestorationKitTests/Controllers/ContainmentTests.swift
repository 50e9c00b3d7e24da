import Foundation
import Testing
@testable import RestorationKit

/// A container's children: set, reordered, moved between containers, and never one of the
/// container's own ancestors, whether it hangs below it by parents or by a presentation.
@Suite struct ContainmentTests {
    @Test("A stack set again in another order keeps each controller once, with the stack as its parent")
    func reorderedStack() {
        let (a, b, c) = (UIViewController(), UIViewController(), UIViewController())
        let stack = UINavigationController()
        stack.setViewControllers([a, b, c], animated: false)
        stack.setViewControllers([c, a], animated: false)
        #expect(stack.children.count == 2 && stack.children[0] === c && stack.children[1] === a)
        #expect(c.parent === stack && a.parent === stack && b.parent == nil)
        let other = UINavigationController()
        other.pushViewController(a, animated: false)
        #expect(stack.children.count == 1 && stack.children[0] === c)
        #expect(a.parent === other && other.children.count == 1)
    }

    @Test("A container refuses one of its ancestors as a child, by parents or by a presentation on the way up")
    func ancestorsRefused() {
        let outer = UINavigationController()
        let middle = UINavigationController()
        outer.setViewControllers([middle], animated: false)
        let inner = UIViewController()
        middle.setViewControllers([inner], animated: false)
        let stack = UINavigationController()
        stack.setViewControllers([outer], animated: false)

        middle.pushViewController(outer, animated: false)
        #expect(outer.parent === stack && middle.children.count == 1, "its grandparent, found by parents")

        let window = UIWindow()
        window.rootViewController = stack
        window.makeKeyAndVisible()
        let presented = UINavigationController()
        stack.present(presented, animated: false)
        let top = UIViewController()
        presented.setViewControllers([top], animated: false)
        presented.pushViewController(stack, animated: false)
        #expect(presented.children.count == 1 && stack.parent == nil, "the controller that presented it, found by presentation")
    }
}
