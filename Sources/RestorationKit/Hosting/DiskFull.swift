import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A device whose storage is full, for a launch the runner says finds one (`fill the disk`):
/// from then on no file this process writes can hold a byte, as when a phone has no space left.
/// The kernel's file-size limit does it, with its signal ignored, so that a write fails with an
/// error the writing code sees (Foundation throws) instead of ending the app.
enum DiskFull {
    static func applyToThisProcess() {
        signal(SIGXFSZ, SIG_IGN)
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &none)
    }
}
