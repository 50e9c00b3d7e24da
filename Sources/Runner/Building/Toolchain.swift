/// The Swift toolchain that builds the apps, named once per process by what `swift --version`
/// prints: the run fingerprint and the site's record of its inputs both hold it, so that another
/// compiler runs the chapters again.
public enum Toolchain {
    public static let version: String = {
        guard let result = try? TimedCommand(named: "swift", arguments: ["--version"], timeLimit: 60, errors: .separate).run(),
              result.succeeded else { return "unknown" }
        return result.text
    }()
}
