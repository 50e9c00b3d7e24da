import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A user id lent to one submission while it is graded, unique on this machine for as long as the
/// lease is held: two grading runs or shards at once never share one, so a process limit, a file
/// or a signal of one student's app never reaches another's.
///
/// Each id in the range has a lock file; holding `flock` on it is the lease. The kernel lets go
/// of the lock when the grader exits, however it exits, so a crashed run leaks no ids.
public final class SandboxUser {
    public let id: UInt32
    private let lockDescriptor: Int32

    /// The ids lent: above those of people and system services on common distributions.
    public static let range: ClosedRange<UInt32> = 61_000...64_999
    /// Where the lock files live: root's, not writable by any app.
    static let lockFolder = "/run/restoration-workbook-users"

    private init(id: UInt32, lockDescriptor: Int32) {
        self.id = id
        self.lockDescriptor = lockDescriptor
    }

    deinit {
        close(lockDescriptor) // releases the lock
    }

    /// The first id in the range no one holds. Whatever still runs as it (left by a grader that
    /// died) is killed first: the id is this lease's alone from now on.
    public static func lease() throws -> SandboxUser {
        guard geteuid() == 0 else { throw RunnerError.notRoot }
        if mkdir(lockFolder, 0o700) != 0 && errno != EEXIST {
            throw RunnerError.lockFolder(path: lockFolder, errno: errno)
        }
        for id in range {
            let descriptor = open("\(lockFolder)/\(id).lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                let user = SandboxUser(id: id, lockDescriptor: descriptor)
                user.killEveryProcess()
                return user
            }
            close(descriptor)
        }
        throw RunnerError.userIDsInUse(range)
    }

    /// Kills every process running as this user and waits until none is left, so that nothing
    /// of the student's can touch their folders while they are removed.
    public func killEveryProcess() {
        ProcessCensus.killEveryProcess(ofUser: id)
    }
}
