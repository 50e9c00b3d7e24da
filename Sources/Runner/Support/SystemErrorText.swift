import Foundation

/// A file system error in words, with the path and what to do, instead of Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=640 …`. `nil` for anything that is not one.
public enum SystemErrorText {
    public static func words(for error: Error) -> String? {
        let error = error as NSError
        let path = (error.userInfo["NSDestinationFilePath"] as? String)
            ?? (error.userInfo[NSFilePathErrorKey] as? String)
            ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let code: Int32
        switch (error.domain, error.code) {
        case (NSPOSIXErrorDomain, let posix): code = Int32(posix)
        case (NSCocoaErrorDomain, _):
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                code = Int32(underlying.code)
            } else if let posix = cocoaCodes[error.code] {
                code = posix
            } else {
                return nil
            }
        default: return nil
        }
        return sentence(code, path: path)
    }

    /// Foundation's own codes, for errors that carry no POSIX error under them.
    private static let cocoaCodes: [Int: Int32] = [
        CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC,
        CocoaError.fileWriteNoPermission.rawValue: EACCES,
        CocoaError.fileReadNoPermission.rawValue: EACCES,
        CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
        CocoaError.fileNoSuchFile.rawValue: ENOENT,
        CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
        CocoaError.fileWriteFileExists.rawValue: EEXIST,
    ]

    public static func sentence(_ code: Int32, path: String?) -> String {
        let at = path.map { " \($0)" } ?? ""
        switch code {
        case ENOSPC: return "no space left on the disk writing\(at): free some space (for temporary files, set TMPDIR to a folder on a larger disk)"
        case EDQUOT: return "your disk quota is used up writing\(at): free some space or ask for a larger quota"
        case EACCES, EPERM: return "no permission to use\(at): check who owns it (ls -l), or use another folder"
        case EROFS: return "\(path ?? "the folder") is on a read-only disk: use a folder you can write to"
        case ENOENT: return "there is no file or folder at\(at)"
        case EEXIST: return "\(path ?? "the file") already exists"
        case ENOTDIR: return "\(path ?? "a folder on the way") is a file, where a folder was expected"
        case EISDIR: return "\(path ?? "the file") is a folder, where a file was expected"
        case EMFILE, ENFILE: return "too many files are open\(path.map { " opening \($0)" } ?? ""): close some programs and try again"
        default: return String(cString: strerror(code)).lowercased() + (path.map { " (\($0))" } ?? "")
        }
    }
}
