/// The exit statuses every command but `archive` shares, said at the end of each one's help.
/// `archive dump` and `archive diff` exit as Apple's tool and `diff` do, and say so themselves.
enum ExitStatusHelp {
    /// `failed`: what status 1 means for this command.
    static func text(failed: String) -> String {
        """
        Exit status: 0 success; 1 \(failed); 64 a usage error (an unknown name, option or value, \
        a missing input); 74 output or files could not be written; 70 an internal error.
        """
    }
}
