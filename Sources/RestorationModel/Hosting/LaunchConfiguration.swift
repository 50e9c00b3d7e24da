import Foundation

/// Everything the outside world fixes for one launch of an app: where its container is, which
/// bundle it claims to be, the clock and random seed, and the two debugging settings.
///
/// The runner sets these through environment variables; a test builds one directly.
public struct LaunchConfiguration: Sendable {
    /// The app's sandbox: `Documents/`, `Library/Saved Application State/`, `Library/Caches/`.
    public var containerURL: URL
    public var bundleIdentifier: String
    /// `CFBundleVersion`: what an app update changes, and what the archive records.
    public var bundleVersion: String
    /// The system version written into archives.
    public var systemVersion: String
    /// The instant the device clock starts at; `nil` follows the real clock.
    public var clockStart: Date?
    /// The seed of `Device.random`; `nil` seeds from the system.
    public var randomSeed: UInt64?
    /// `UIStateRestorationDebugLogging`: log what restoration does.
    public var debugLogging: Bool
    /// `UIStateRestorationDeveloperMode`: keep the archive even after failed restorations.
    public var developerMode: Bool
    /// `UIMainStoryboardFile` from the app's `Info.plist`: the storyboard UIKit loads before
    /// `willFinishLaunching`; `nil` for an app that builds its window in code.
    public var mainStoryboardFile: String?
    /// The process's name in log lines: the executable's name, as on a device.
    public var processName: String
    /// The module name the app's classes carry at run time (`NSStringFromClass`, the archive,
    /// the log): one for every version of an app, as on iOS, where the module is the product's
    /// and does not change from one build to the next. `nil` keeps the module the app was
    /// compiled as (here each step of a chapter is a target, and so a module, of its own).
    public var moduleName: String?
    /// Makes this launch die while restoring, as a crash in app code during decoding would:
    /// how a runner shows the restoration marker at work.
    public var crashesDuringRestoration = false
    /// The device's storage is full: no file in the container can be written or grow during this
    /// launch (the process applies it to itself as it starts, `DiskFull`).
    public var diskIsFull = false

    public init(
        containerURL: URL,
        bundleIdentifier: String,
        bundleVersion: String = "1",
        systemVersion: String = "17.0",
        clockStart: Date? = nil,
        randomSeed: UInt64? = nil,
        debugLogging: Bool = false,
        developerMode: Bool = false
    ) {
        self.containerURL = containerURL
        self.bundleIdentifier = bundleIdentifier
        self.bundleVersion = bundleVersion
        self.systemVersion = systemVersion
        self.clockStart = clockStart
        self.randomSeed = randomSeed
        self.debugLogging = debugLogging
        self.developerMode = developerMode
        self.processName = bundleIdentifier.split(separator: ".").last.map(String.init) ?? bundleIdentifier
    }

    /// The process identifier log lines show. With a fixed seed it is a stand-in drawn from the
    /// seed, so a log is the same on every run (and differs from launch to launch, as on a
    /// device, since the runner seeds each launch anew); otherwise the real one.
    public var processIdentifier: Int32 {
        guard let randomSeed else { return getpid() }
        return Int32(truncatingIfNeeded: 100 + randomSeed % 30_000)
    }

    /// The names of the environment variables a runner sets.
    public enum Variable {
        public static let container = "WORKBOOK_CONTAINER"
        public static let bundleIdentifier = "WORKBOOK_BUNDLE_ID"
        public static let bundleVersion = "WORKBOOK_BUNDLE_VERSION"
        /// The module name of the app's classes at run time (`moduleName`).
        public static let moduleName = "WORKBOOK_MODULE_NAME"
        public static let clock = "WORKBOOK_CLOCK"
        public static let seed = "WORKBOOK_SEED"
        public static let debugLogging = "UIStateRestorationDebugLogging"
        public static let developerMode = "UIStateRestorationDeveloperMode"
        public static let crashDuringRestoration = "WORKBOOK_CRASH_DURING_RESTORATION"
        /// `YES`: the device's storage is full for this launch (scenario step `fill the disk`).
        public static let diskFull = "WORKBOOK_DISK_FULL"
        /// The app's `Info.plist`, installed with it by the runner.
        public static let infoPlist = "WORKBOOK_INFO_PLIST"
        /// The descriptor the runner reads the protocol's messages from (`ControlChannel`).
        public static let protocolDescriptor = "WORKBOOK_PROTOCOL_FD"
        /// The Swift runtime's own: hashing with a fixed seed instead of one drawn per process.
        public static let deterministicHashing = "SWIFT_DETERMINISTIC_HASHING"
    }

    /// Reads the configuration of a launch from the environment and the launch arguments
    /// (`-UIStateRestorationDebugLogging YES` works as on iOS). A value that cannot be understood
    /// is reported and replaced by the default, so a typo never stops the app from launching.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        arguments: [String] = CommandLine.arguments,
        report: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> LaunchConfiguration {
        let executableName = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "App"
        let bundleIdentifier = environment[Variable.bundleIdentifier] ?? "com.example.\(executableName)"
        let container = environment[Variable.container].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.temporaryDirectory
                .appendingPathComponent("RestorationWorkbook/Containers/\(bundleIdentifier)", isDirectory: true)

        var clockStart: Date?
        if let text = environment[Variable.clock] {
            clockStart = DeviceClockText.date(from: text)
            if clockStart == nil { report("\(Variable.clock)=\(text) is not an ISO 8601 instant such as 2026-11-22T09:00:00Z; using the real clock") }
        }
        var seed: UInt64?
        if let text = environment[Variable.seed] {
            seed = UInt64(text)
            if seed == nil { report("\(Variable.seed)=\(text) is not a whole number from 0 to \(UInt64.max); seeding from the system") }
        }
        var info = InfoPlist()
        if let path = environment[Variable.infoPlist] {
            do { info = try InfoPlist(contentsOf: URL(fileURLWithPath: path)) } catch {
                report("\(error); launching as if the app had no Info.plist")
            }
        }
        var configuration = LaunchConfiguration(
            containerURL: container,
            bundleIdentifier: bundleIdentifier,
            bundleVersion: environment[Variable.bundleVersion] ?? info.bundleVersion ?? "1",
            clockStart: clockStart,
            randomSeed: seed,
            debugLogging: setting(Variable.debugLogging, environment, arguments),
            developerMode: setting(Variable.developerMode, environment, arguments)
        )
        if let name = environment[Variable.moduleName] {
            if isModuleName(name) {
                configuration.moduleName = name
            } else {
                report("\(Variable.moduleName)=\(name) is not a module name (letters, digits and _, not starting with a digit); keeping the app's own")
            }
        }
        // On iOS the executable and the module are both named after the product.
        configuration.processName = configuration.moduleName ?? executableName
        configuration.mainStoryboardFile = info.mainStoryboardFile
        configuration.crashesDuringRestoration = setting(Variable.crashDuringRestoration, environment, arguments)
        configuration.diskIsFull = setting(Variable.diskFull, environment, arguments)
        return configuration
    }

    /// Whether a name can be a Swift module's: an identifier of ASCII letters, digits and `_`.
    public static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// A boolean user default given either as an environment variable or as `-Name YES`.
    private static func setting(_ name: String, _ environment: [String: String], _ arguments: [String]) -> Bool {
        var text = environment[name]
        if let flag = arguments.firstIndex(of: "-" + name), flag + 1 < arguments.count {
            text = arguments[flag + 1]
        }
        guard let text else { return false }
        return ["1", "yes", "true"].contains(text.lowercased())
    }
}
